import { describe, expect, it } from "vitest";
import coinChase from "../../../examples/coin-chase/src/logic.ts";
import ticTacToe from "../../../examples/tic-tac-toe/src/logic.ts";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import type { GameDefinition, LogicContext } from "../../../src/engine/types";
import { applyInput, type RoomInput } from "../../../src/room-core/inputs";
import { newRoomRecord, RoomCore } from "../../../src/room-core/room-core";
import { SEAT_GRACE_MS } from "../../../src/room-core/seat-grace";
import type { ConnectionInfo, RoomOutcome } from "../../../src/room-core/types";
import { allFrames, makeRoom, only, ROSTER } from "./harness";

/** A game that writes down what each handler saw of the room's presence. */
const watcher: GameDefinition = {
  setup: ({ ctx }) => ({ atSetup: ctx.presence, heard: [] as unknown[] }),
  actions: {
    look: (state, _payload, ctx: LogicContext) => {
      state.looked = ctx.presence;
    },
  },
  onPresence: ({ state, ctx, seatId, online }) => {
    state.heard.push({ seatId, online, allSeen: ctx.presence.allSeen });
  },
};

/** The game events of an outcome's __action_results. */
const events = (outcome: RoomOutcome) =>
  only(allFrames(outcome), "__action_result").flatMap((f) => f.events as { name: string; data?: unknown }[]);

describe("presence as a room input (ctx.presence, onPresence)", () => {
  it("tells setup, actions and onPresence who is online and who has been seen; it never shrinks `seen`", async () => {
    const room = makeRoom(watcher);
    const alice = room.connect("alice");
    await alice.outcome;
    expect(room.core.record.state).toMatchObject({
      atSetup: { online: ["alice"], seen: ["alice"], allSeen: false },
      heard: [{ seatId: "alice", online: true, allSeen: false }],
    });
    await room.connect("bob").outcome;
    await room.core.disconnect("c2");
    room.clock.now += SEAT_GRACE_MS;
    await room.core.fireDeadlines();
    await room.send(alice.info, { type: "__action", action: "look", payload: {}, seq: 1 });
    expect(room.core.record.state).toMatchObject({
      heard: [
        { seatId: "alice", online: true, allSeen: false },
        { seatId: "bob", online: true, allSeen: true },
        { seatId: "bob", online: false, allSeen: true },
      ],
      looked: { online: ["alice"], seen: ["alice", "bob"], allSeen: true },
    });
    expect(room.core.record.seatsSeen).toEqual(["alice", "bob"]);
  });

  it("counts neither spectators, monitors, nor a second device of an online seat as a change", async () => {
    const room = makeRoom(watcher);
    await room.connect("spectator-1").outcome;
    await room.connect("screen", { monitor: true }).outcome;
    expect(room.core.record.started).toBe(true);
    expect(room.core.record.state).toMatchObject({ atSetup: { online: [], seen: [] }, heard: [] });
    await room.connect("alice").outcome;
    const secondDevice = await room.connect("alice").outcome;
    expect(only(secondDevice.broadcast, "__action_result")).toEqual([]);
    expect((room.core.record.state as { heard: unknown[] }).heard).toEqual([
      { seatId: "alice", online: true, allSeen: false },
    ]);
  });

  it("sends each onPresence result to all as an __action_result naming the change, with the seen flags", async () => {
    const room = makeRoom(watcher);
    await room.connect("alice").outcome;
    const bob = await room.connect("bob").outcome;
    expect(only(bob.broadcast, "__action_result")).toMatchObject([
      { ack: null, presence: { seatId: "bob", online: true } },
    ]);
    const seats = only(bob.broadcast, "__platform")[0]?.message.payload.seats;
    expect(seats.map((seat: { seen: boolean }) => seat.seen)).toEqual([true, true]);
    expect(bob.persist).toBe("now"); // a seat seen for the first time is written at once
  });

  it("rolls back an onPresence that throws, logs it and keeps the room running", async () => {
    const broken: GameDefinition = {
      setup: () => ({ n: 0 }),
      onPresence: ({ state }) => {
        state.n = 1;
        throw new Error("boom");
      },
    };
    const room = makeRoom(broken);
    const outcome = await room.connect("alice").outcome;
    expect(room.core.record.state).toEqual({ n: 0 });
    expect(only(outcome.broadcast, "__action_result")).toEqual([]);
    expect(room.logs.some((line) => line.level === "error")).toBe(true);
  });

  it("keeps the seats seen across a rebuild from the stored record", async () => {
    const room = makeRoom(watcher);
    await room.connect("alice").outcome;
    await room.connect("bob").outcome;
    await room.core.disconnect("c2");
    const rebuilt = makeRoom(watcher, room.core.recordForStorage());
    await rebuilt.connect("alice").outcome;
    expect(rebuilt.core.presence()).toEqual({ online: ["alice"], seen: ["alice", "bob"] });
  });
});

describe("no clock runs against an empty seat (the examples)", () => {
  it("tic-tac-toe: one seat alone for 30 s of game time gets no turn timer and no time-out", async () => {
    const room = makeRoom(ticTacToe);
    const alice = await room.connect("alice").outcome;
    expect(alice.nextDeadline).toBeNull();
    room.clock.now += 30_000;
    const fired = await room.core.fireDeadlines();
    expect(events(fired)).toEqual([]);
    expect(room.core.gameTime()).toBe(30_000);
    expect(room.core.record.state).toMatchObject({ everyoneJoined: false, turnEndsAt: null, timeouts: 0 });
  });

  it("tic-tac-toe: a spectator alone starts nothing; the timer starts when the last seat joins, then runs out", async () => {
    const room = makeRoom(ticTacToe);
    await room.connect("spectator-1").outcome;
    room.clock.now += 30_000;
    expect(events(await room.core.fireDeadlines())).toEqual([]);
    await room.connect("alice").outcome;
    room.clock.now += 5_000;
    const bob = await room.connect("bob").outcome;
    const joinedAt = room.core.gameTime();
    expect(room.core.record.state).toMatchObject({ everyoneJoined: true, turnEndsAt: joinedAt + 20_000 });
    expect(bob.nextDeadline).toBe(room.clock.now + 20_000);
    room.clock.now += 20_000;
    expect(events(await room.core.fireDeadlines())).toEqual([{ name: "timeout", data: { mark: "X" } }]);
  });

  it("tic-tac-toe: a move before everyone joined is refused", async () => {
    const room = makeRoom(ticTacToe);
    const alice = room.connect("alice");
    await alice.outcome;
    const refused = await room.send(alice.info, { type: "__action", action: "place", payload: { cell: 0 }, seq: 1 });
    expect(only(refused.toSender, "__action_error")[0]).toMatchObject({ error: "Waiting for every player to join" });
  });

  it("coin-chase: nobody moves or scores until every seat has been online", async () => {
    const room = makeRoom(coinChase);
    const alice = room.connect("alice");
    await alice.outcome;
    await room.send(alice.info, { type: "__input", data: { dx: 1, dy: 0 } });
    await room.core.tick();
    expect(room.core.record.state).toMatchObject({ players: { alice: { x: 0, y: 0 } } });
    await room.connect("bob").outcome;
    await room.core.tick();
    expect(room.core.record.state).toMatchObject({ players: { alice: { x: 0.5, y: 0 } } });
  });
});

describe("replay", () => {
  it("the same inputs at the same times make the same room, presence and onPresence included", async () => {
    const connection = (connectionId: string, playerId: string): ConnectionInfo => ({
      connectionId,
      playerId,
      nickname: playerId,
      monitor: false,
      connectedAt: 0,
    });
    const place = (cell: number, seq: number) => ({
      type: "__action" as const,
      action: "place",
      payload: { cell },
      seq,
    });
    const script: [number, RoomInput][] = [
      [0, { kind: "connect", connection: connection("a", "alice"), roster: ROSTER }],
      [4_000, { kind: "connect", connection: connection("s", "spectator-1"), roster: null }],
      [9_000, { kind: "connect", connection: connection("b", "bob"), roster: ROSTER }],
      [12_000, { kind: "frame", connectionId: "a", message: place(4, 1) }],
      [13_000, { kind: "disconnect", connectionId: "b" }],
      [40_000, { kind: "deadlines" }],
      [41_000, { kind: "connect", connection: connection("b2", "bob"), roster: ROSTER }],
    ];
    const play = async () => {
      const clock = { now: 0 };
      const core = new RoomCore({
        runner: new LocalLogicRunner(ticTacToe),
        record: newRoomRecord("rev-1", "rev-1:1", 7),
        now: () => clock.now,
        log: () => {},
      });
      const outcomes: RoomOutcome[] = [];
      for (const [at, input] of script) {
        clock.now = at;
        outcomes.push(await applyInput(core, input));
      }
      return { outcomes, record: core.recordForStorage() };
    };
    const first = await play();
    const second = await play();
    expect(second).toEqual(first);
    expect(first.record.state).toMatchObject({
      everyoneJoined: true,
      board: [null, null, null, null, "X", null, null, null, null],
    });
    expect(events(first.outcomes[5] as RoomOutcome)).toEqual([{ name: "timeout", data: { mark: "O" } }]);
  });
});
