import { describe, expect, it } from "vitest";
import { MAX_STATE_BYTES } from "../../../src/room-core/logic-calls";
import counter from "../../fixtures/counter.logic.js";
import { makeRoom, only, startedRoom } from "./harness";

const grow = (bytes: number, seq: number) => ({ type: "__action", action: "grow", payload: { bytes }, seq });
const add = (n: number, seq: number) => ({ type: "__action", action: "add", payload: { n }, seq });

describe("the room's state size limit", () => {
  it("refuses an action whose state would be over the limit like a reducer error: rolled back, nothing broadcast", async () => {
    const { send, alice, core } = await startedRoom(counter);
    const outcome = await send(alice, grow(MAX_STATE_BYTES, 1));
    expect(only(outcome.toSender, "__action_error")).toEqual([
      {
        type: "__action_error",
        code: "action_failed",
        error: `the state is larger than ${MAX_STATE_BYTES} bytes of JSON`,
        seq: 1,
      },
    ]);
    expect([...outcome.broadcast, ...outcome.toOthers]).toEqual([]);
    expect(core.record.state).not.toHaveProperty("blob");
  });

  it("counts bytes, not characters: a state of multi-byte text over the limit is refused", async () => {
    const { send, alice } = await startedRoom({
      ...counter,
      actions: {
        ...counter.actions,
        wide: (state: { blob?: string }) => {
          state.blob = "é".repeat(MAX_STATE_BYTES / 2);
        },
      },
    });
    const outcome = await send(alice, { type: "__action", action: "wide", payload: {}, seq: 1 });
    expect(only(outcome.toSender, "__action_error")[0]).toMatchObject({ code: "action_failed" });
  });

  it("in a batch, fails only the action whose state is too large; those after it run on the state before it", async () => {
    const room = makeRoom(counter);
    const alice = room.connect("alice");
    await alice.outcome;
    const bob = room.connect("bob");
    await bob.outcome;
    // Sent together, they wait together and go into one call.
    const outcomes = await Promise.all([
      room.send(alice.info, add(1, 1)),
      room.send(bob.info, grow(MAX_STATE_BYTES, 1)),
      room.send(alice.info, add(2, 2)),
    ]);
    expect(outcomes.map((o) => JSON.parse(o.toSender[0] as string).type)).toEqual([
      "__action_result",
      "__action_error",
      "__action_result",
    ]);
    expect(room.core.record.state).toMatchObject({ count: 3 });
    expect(room.core.record.state).not.toHaveProperty("blob");
  });

  it("does not start a game whose setup() builds a state over the limit", async () => {
    const room = makeRoom({ ...counter, setup: () => ({ blob: "x".repeat(MAX_STATE_BYTES) }) });
    const { outcome } = room.connect("alice");
    const start = await outcome;
    expect(only(start.broadcast, "__action_error")[0]).toMatchObject({ code: "setup_failed" });
    expect(room.core.record.started).toBe(false);
  });
});
