import { describe, expect, it } from "vitest";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import { RoomCore } from "../../../src/room-core/room-core";
import counter from "../../fixtures/counter.logic.js";
import { allFrames, makeRoom, only, ROSTER, types } from "./harness";

describe("room start", () => {
  it("runs setup at once on the first connection with a roster and sends __game_start", async () => {
    const { connect } = makeRoom(counter);
    const outcome = await connect("alice").outcome;
    expect(outcome.started).toBe(true);
    const [start] = only(outcome.broadcast, "__game_start");
    expect(start).toMatchObject({
      state: { count: 0, seats: ["alice", "bob"] },
      players: ROSTER,
      seed: 42,
      gameTime: 0,
    });
    expect(outcome.persist).toBe("now");
  });

  it("sends the connecting client __state first, then the start and the presence", async () => {
    const { connect } = makeRoom(counter);
    const outcome = await connect("alice").outcome;
    expect(types(outcome.toSender)).toEqual(["__state"]);
    expect(types(outcome.broadcast)).toEqual(["__game_start", "__pause_state", "__platform"]);
  });

  it("gives a late joiner everything __game_start carried, in its __state (the seed included)", async () => {
    const { connect } = makeRoom(counter);
    const waiting = await connect("carol", { roster: null }).outcome;
    expect(only(waiting.toSender, "__state")[0]).toMatchObject({ seed: null, started: false });
    const first = await connect("alice").outcome;
    const start = only(first.broadcast, "__game_start")[0];
    const late = only((await connect("bob").outcome).toSender, "__state")[0];
    expect(late).toMatchObject({ started: true, seed: start?.seed, players: start?.players, state: start?.state });
    expect(typeof late?.seed).toBe("number");
  });

  it("waits for a roster: a connection without one does not start the room", async () => {
    const { connect } = makeRoom(counter);
    const first = await connect("alice", { roster: null }).outcome;
    expect(first.started).toBe(false);
    expect(only(first.toSender, "__state")[0]).toMatchObject({ started: false, state: null });
    const second = await connect("bob").outcome;
    expect(second.started).toBe(true);
  });

  it("pins the roster on first use; a differing roster is not refused but joins as a quiet observer", async () => {
    const { core, connect, send, logs } = makeRoom(counter);
    await connect("alice").outcome;
    const intruder = connect("bob", { roster: [{ id: "bob" }, { id: "mallory" }] });
    const outcome = await intruder.outcome;
    expect(core.record.roster).toEqual(ROSTER);
    expect(logs.some((l) => l.level === "warn" && l.message.includes("roster differs"))).toBe(true);
    expect(only(outcome.toSender, "__state")[0]?.you).toMatchObject({ seatId: "bob", observer: true });
    const presence = only(outcome.broadcast, "__platform")[0]?.message.payload;
    expect(presence.seats.find((s: { seatId: string }) => s.seatId === "bob").online).toBe(false);
    expect(presence.observers.count).toBe(1);
    const action = await send(intruder.info, { type: "__action", action: "add", payload: { n: 1 }, seq: 1 });
    expect(only(action.toSender, "__action_error")[0]).toMatchObject({ code: "not_a_player", seq: 1 });
  });

  it("does not start when setup throws, and says so in the log", async () => {
    const { connect, logs } = makeRoom({
      setup() {
        throw new Error("bad setup");
      },
    });
    const outcome = await connect("alice").outcome;
    expect(outcome.started).toBe(false);
    expect(only(outcome.broadcast, "__action_error")[0]).toMatchObject({
      code: "setup_failed",
      error: "The game could not start: bad setup",
    });
    expect(logs.some((l) => l.level === "error" && l.fields?.error === "bad setup")).toBe(true);
  });
});

describe("restore", () => {
  it("a room rebuilt from its stored record has the same state, roster and game time", async () => {
    const { core, connect, send, clock } = makeRoom(counter);
    const alice = connect("alice");
    await alice.outcome;
    await send(alice.info, { type: "__action", action: "add", payload: { n: 7 }, seq: 1 });
    clock.now += 5_000;
    const stored = structuredClone(core.recordForStorage());
    const restored = new RoomCore({
      runner: new LocalLogicRunner(counter),
      record: stored,
      now: () => clock.now + 60_000,
      log: () => {},
    });
    expect(restored.record.state).toMatchObject({ count: 7 });
    expect(restored.gameTime()).toBe(5_000);
    const back = await restored.connect(
      { connectionId: "x", playerId: "alice", nickname: "", monitor: false, connectedAt: 0 },
      ROSTER,
    );
    expect(only(back.toSender, "__state")[0]).toMatchObject({ state: { count: 7 }, started: true, gameTime: 5_000 });
    expect(types(allFrames(back))).not.toContain("__game_start");
  });

  /** Alice's room with a deadline armed, stored, and rebuilt `later` ms afterwards with `live` connections. */
  async function rebuiltLater(later: number, live: "alice still connected" | "nobody connected") {
    const { core, connect, send, clock } = makeRoom(counter);
    const alice = connect("alice");
    await alice.outcome;
    clock.now += 2_000;
    await send(alice.info, { type: "__action", action: "arm", payload: { ms: 30_000 }, seq: 1 });
    const stored = structuredClone(core.recordForStorage());
    clock.now += later;
    const rebuilt = new RoomCore({
      runner: new LocalLogicRunner(counter),
      record: stored,
      now: () => clock.now,
      log: () => {},
      liveConnections: live === "alice still connected" ? [alice.info] : [],
    });
    return { rebuilt, clock, alice: alice.info };
  }

  it("woken from hibernation with connections open, the game clock has run on since the stored anchor", async () => {
    const { rebuilt, clock } = await rebuiltLater(10_000, "alice still connected");
    expect(rebuilt.gameTime()).toBe(12_000);
    expect(rebuilt.view().frozen).toBe(false);
    clock.now += 500;
    expect(rebuilt.gameTime()).toBe(12_500);
  });

  it("a deadline of a hibernated room that wrote nothing since comes due by real time, at every wake alike", async () => {
    const early = await rebuiltLater(10_000, "alice still connected");
    expect(early.rebuilt.nextDeadline()).toBe(early.clock.now + 20_000);
    expect((await early.rebuilt.fireDeadlines()).broadcast).toEqual([]);
    const due = await rebuiltLater(30_000, "alice still connected");
    const fired = await due.rebuilt.fireDeadlines();
    expect(only(fired.broadcast, "__action_result")[0]).toMatchObject({
      deadline: "timeout",
      state: { timeouts: [{ at: 32_000 }] },
    });
  });

  it("rebuilt with nobody connected (evicted), the clock stands where it was stored", async () => {
    const { rebuilt } = await rebuiltLater(60_000, "nobody connected");
    expect(rebuilt.gameTime()).toBe(2_000);
    expect(rebuilt.nextDeadline()).toBeNull();
  });

  it("woken with connections open while paused, the clock stays where the pause stopped it", async () => {
    const { core, connect, send, clock } = makeRoom(counter);
    const alice = connect("alice");
    await alice.outcome;
    clock.now += 2_000;
    await send(alice.info, { type: "__pause" });
    const stored = structuredClone(core.recordForStorage());
    clock.now += 10_000;
    const rebuilt = new RoomCore({
      runner: new LocalLogicRunner(counter),
      record: stored,
      now: () => clock.now,
      log: () => {},
      liveConnections: [alice.info],
    });
    expect(rebuilt.gameTime()).toBe(2_000);
    expect(rebuilt.view().frozen).toBe(true);
  });
});
