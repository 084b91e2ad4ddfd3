import { describe, expect, it } from "vitest";
import ticTacToe from "../../../examples/tic-tac-toe/src/logic.ts";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import { isFinished } from "../../../src/room-access/quick-play";
import { parseReplay } from "../../../src/room-core/replay";
import { runReplay } from "../../../src/room-core/replay-run";
import counter from "../../fixtures/counter.logic.js";
import { makeRoom, only, recordBothJoined, startedRoom } from "./harness";

// The operator console's controls of a room (issue 37): document 3's platform pause held by an
// operator, which no seat lifts; a room closed with a message to its seats.

describe("an operator's pause", () => {
  it("freezes the room for everyone, written at once, by 'operator'; the clock stands", async () => {
    const { core, clock } = await startedRoom(counter);
    clock.now += 2_000;
    const outcome = await core.operator({ pause: true });
    expect(only(outcome.broadcast, "__pause_state")).toEqual([
      { type: "__pause_state", frozen: true, by: "operator", gameTime: 2_000 },
    ]);
    expect(only(outcome.broadcast, "__platform")[0]?.message.payload.pause).toMatchObject({ by: "operator" });
    expect(outcome.persist).toBe("now");
    expect(core.record.paused).toEqual({ by: "operator", operator: true });
    clock.now += 5_000;
    expect(core.gameTime()).toBe(2_000);
  });

  it("a seat cannot lift it, by either wire's resume; the operator can, and the clock runs on", async () => {
    const { core, send, alice, clock } = await startedRoom(counter);
    await core.operator({ pause: true });
    for (const message of [{ type: "__resume" }, { type: "__platform", message: { type: "pause.resume" } }]) {
      const outcome = await send(alice, message);
      expect(only(outcome.broadcast, "__pause_state")).toEqual([]);
      expect(outcome.frozen).toBe(true);
    }
    clock.now += 1_000;
    const lifted = await core.operator({ pause: false });
    expect(only(lifted.broadcast, "__pause_state")[0]).toMatchObject({ frozen: false, by: "operator", gameTime: 0 });
    clock.now += 1_000;
    expect(core.gameTime()).toBe(1_000);
  });

  it("takes over a seat's pause, and lifting it lifts the room", async () => {
    const { core, send, alice } = await startedRoom(counter);
    await send(alice, { type: "__pause" });
    await core.operator({ pause: true });
    expect(core.record.paused).toEqual({ by: "operator", operator: true });
    expect((await send(alice, { type: "__resume" })).frozen).toBe(true);
    expect((await core.operator({ pause: false })).frozen).toBe(false);
  });

  it("is idempotent", async () => {
    const { core } = await startedRoom(counter);
    await core.operator({ pause: true });
    const again = await core.operator({ pause: true });
    expect(again.broadcast).toEqual([]);
    await core.operator({ pause: false });
    expect((await core.operator({ pause: false })).broadcast).toEqual([]);
  });
});

describe("an operator closing a room", () => {
  it("tells every seat why, keeps the message in the record, written at once", async () => {
    const { core } = await startedRoom(counter);
    const outcome = await core.operator({ close: "Closed for abuse." });
    expect(only(outcome.broadcast, "__platform")).toEqual([
      { type: "__platform", message: { type: "room.closed", payload: { message: "Closed for abuse." } } },
    ]);
    expect(outcome.persist).toBe("now");
    expect(core.record.closed).toEqual({ at: expect.any(Number), message: "Closed for abuse." });
    // Closed once: a second close repeats the first message.
    await core.operator({ close: "Another message." });
    expect(core.record.closed?.message).toBe("Closed for abuse.");
  });
});

describe("last activity", () => {
  it("moves with connections, leaves and client frames, not with heartbeats", async () => {
    const room = makeRoom(counter);
    const alice = room.connect("alice");
    await alice.outcome;
    expect(room.core.record.lastActivityAt).toBe(room.clock.now);
    const connectedAt = room.clock.now;
    room.clock.now += 5_000;
    await room.send(alice.info, { type: "__ping" });
    expect(room.core.record.lastActivityAt).toBe(connectedAt);
    await room.send(alice.info, { type: "__action", action: "add", payload: { n: 1 }, seq: 1 });
    expect(room.core.record.lastActivityAt).toBe(room.clock.now);
  });
});

describe("replays", () => {
  it("an operator's pause is one of the room's inputs: the replay runs it again and matches", async () => {
    const room = makeRoom(ticTacToe);
    const { recorder, alice } = await recordBothJoined(room);
    room.clock.now += 1_000;
    await room.core.operator({ pause: true });
    room.clock.now += 30_000;
    await room.core.operator({ pause: false });
    await room.send(alice, { type: "__action", action: "place", payload: { cell: 4 }, seq: 1 });
    const replay = recorder.replay();
    expect(replay?.steps.map((step) => step.input.kind)).toEqual([
      "connect",
      "connect",
      "operator",
      "operator",
      "frame",
    ]);
    expect(await runReplay(parseReplay(JSON.stringify(replay)), new LocalLogicRunner(ticTacToe))).toMatchObject({
      matches: true,
    });
  });
});

describe("quick play and a closed room", () => {
  it("a room an operator closed is over, started or not: quick play seats nobody there", () => {
    const open = { holders: {}, joined: [], started: false, seatsOnline: [] };
    expect(isFinished(open)).toBe(false);
    expect(isFinished({ ...open, closed: true })).toBe(true);
    expect(isFinished({ ...open, started: true, holders: { p1: "u" }, seatsOnline: ["p1"], closed: true })).toBe(true);
  });
});
