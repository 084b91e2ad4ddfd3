import { describe, expect, it } from "vitest";
import { CLOSE_CODES, MAX_FRAME_BYTES } from "../../../src/engine/protocol";
import { FRAME_BUDGET } from "../../../src/room-core/frame-budget";
import { connect, ROSTER, stopRoomClock, twoPlayers } from "./support";

const FLOOD = 2_000;
/** Bob asks for the state after every this many of Alice's frames. */
const BOB_EVERY = 250;

describe("one seat cannot make a room unplayable", () => {
  it("a flood reaches the sandbox at most a burst's worth: the rest is refused, the socket closed with 1008, the other seat answered", async () => {
    const { alice, bob, stub } = await twoPlayers();
    // The core's clock stands still: the budget earns nothing back, so what passes is counted, not timed.
    await stopRoomClock(stub);
    const callsBefore = (await stub.stats()).actionCalls;
    for (let seq = 1; seq <= FLOOD; seq++) {
      alice.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
      if (seq % BOB_EVERY === 0) bob.send({ type: "__request_state" });
    }
    expect(await alice.whenClosed()).toMatchObject({ code: CLOSE_CODES.flood });
    // Every request of the other seat is answered.
    const answers = FLOOD / BOB_EVERY;
    await bob.next("__state", () => bob.ofType("__state").length >= answers + 1, 0);
    expect(bob.ofType("__state")).toHaveLength(answers + 1);

    // A burst's worth of frames passes the budget: each runs, or is refused as too many pending
    // (the sandbox's answers reach the room behind the frames that came before them). Each frame
    // past the burst is refused as over budget, until the socket is closed.
    const refused = alice.ofType("__action_error");
    const overBudget = refused.filter((f) => f.code === "rate_limited");
    const tooMany = refused.filter((f) => f.code === "too_many_pending");
    expect(overBudget.length + tooMany.length).toBe(refused.length);
    expect(tooMany.every((f) => f.seq <= FRAME_BUDGET.burst)).toBe(true);
    expect(overBudget.map((f) => f.seq)).toEqual(
      Array.from({ length: FRAME_BUDGET.closeAfterRefused }, (_, i) => FRAME_BUDGET.burst + 1 + i),
    );
    const ran = FRAME_BUDGET.burst - tooMany.length;
    expect(ran).toBeGreaterThan(0);
    // What ran cost at most one call into the sandbox each; the other seat sees exactly it, and plays on.
    expect((await stub.stats()).actionCalls - callsBefore).toBeLessThanOrEqual(ran);
    expect(await bob.act("add", { n: 5 }, 1)).toMatchObject({ type: "__action_result", state: { count: ran + 5 } });
    expect(bob.ofType("__action_result").filter((f) => f.by === "alice")).toHaveLength(ran);
    expect(bob.closed).toBeNull();
  });

  it("a seat closed for flooding gets no fresh budget by reconnecting: refused and closed again until it earned frames back", async () => {
    const { revisionId, roomId, alice, stub } = await twoPlayers();
    await stopRoomClock(stub);
    for (let seq = 1; seq <= FRAME_BUDGET.burst + FRAME_BUDGET.closeAfterRefused; seq++)
      alice.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
    expect(await alice.whenClosed()).toMatchObject({ code: CLOSE_CODES.flood });
    const again = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await again.next("__state");
    expect(await again.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_error", code: "rate_limited" });
    expect(await again.whenClosed()).toMatchObject({ code: CLOSE_CODES.flood });
    // A second later the budget has earned frames back (and the strikes are old): the seat plays again.
    await stopRoomClock(stub, FRAME_BUDGET.strikeWindowMs);
    const later = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await later.next("__state");
    expect(await later.act("add", { n: 1 }, 2)).toMatchObject({ type: "__action_result" });
  });

  it("an oversized frame closes the socket with 1009 after telling why; the room carries on", async () => {
    const { alice, bob } = await twoPlayers();
    const since = bob.frames.length;
    alice.send("x".repeat(20 * 1024 * 1024));
    expect(await alice.next("__action_error")).toMatchObject({ code: "frame_too_large", seq: null });
    expect(await alice.whenClosed()).toMatchObject({ code: CLOSE_CODES.frameTooLarge });
    const presence = await bob.next("__platform", (f) => f.message.payload.seats[0].connections === 0, since);
    expect(presence.message.payload.seats[0]).toMatchObject({ seatId: "alice" });
    expect(await bob.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
  });

  it("a frame just over the limit closes the socket too", async () => {
    const { alice } = await twoPlayers();
    alice.send(
      JSON.stringify({ type: "__action", action: "add", payload: { pad: "x".repeat(MAX_FRAME_BYTES) }, seq: 1 }),
    );
    expect(await alice.whenClosed()).toMatchObject({ code: CLOSE_CODES.frameTooLarge });
  });
});
