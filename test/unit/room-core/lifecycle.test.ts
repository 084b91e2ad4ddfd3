import { describe, expect, it } from "vitest";
import { LocalLogicRunner } from "../../../src/room-core/local-runner";
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
});
