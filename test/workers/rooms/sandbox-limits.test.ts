import { describe, expect, it } from "vitest";
import { MAX_TICK_RATE } from "../../../src/engine/describe-game";
import { MAX_STATE_BYTES } from "../../../src/room-core/logic-calls";
import { twoPlayers } from "./support";

describe("the room applies its limits itself, whatever the sandbox says", () => {
  it("caps the tick rate a logic claims by rewriting the isolate's JSON.stringify", async () => {
    const { stub, alice } = await twoPlayers("liar");
    await alice.next("__tick");
    expect(await stub.stats()).toMatchObject({ ticking: true, tickRate: MAX_TICK_RATE });
  });

  it("refuses a state over the limit like a reducer error: __action_error to the sender, rolled back, nothing broadcast", async () => {
    const { alice, bob } = await twoPlayers();
    expect(await alice.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result" });
    await bob.roundTrip();
    const since = bob.frames.length;
    const refused = await alice.act("grow", { bytes: MAX_STATE_BYTES + 1 }, 2);
    expect(refused).toMatchObject({ type: "__action_error", code: "action_failed", seq: 2 });
    expect(refused.error).toContain(`larger than ${MAX_STATE_BYTES} bytes`);
    const state = await bob.roundTrip();
    expect(state.state).toMatchObject({ count: 2 });
    expect(state.state.blob).toBeUndefined();
    expect(bob.frames.slice(since).map((f) => f.type)).toEqual(["__state"]);
    // Just under the limit is fine.
    expect(await alice.act("grow", { bytes: MAX_STATE_BYTES - 1_000 }, 3)).toMatchObject({ type: "__action_result" });
  });
});
