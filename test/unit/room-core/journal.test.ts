import { describe, expect, it } from "vitest";
import type { GameDefinition } from "../../../src/engine/types";
import type { JournalEntry, RoomView } from "../../../src/room-core/journal";
import { JournalBook, MAX_LOG_ROWS } from "../../../src/room-core/journal-book";
import { ReplayRecorder } from "../../../src/room-core/replay-recorder";
import { SEAT_GRACE_MS } from "../../../src/room-core/seat-grace";
import counter from "../../fixtures/counter.logic.js";
import ticker from "../../fixtures/ticker.logic.js";
import { makeRoom } from "./harness";

/** A room whose journal is collected, entry by entry, with the room as it stood after each. */
function journaledRoom(game: GameDefinition = counter) {
  const room = makeRoom(game);
  const seen: { entry: JournalEntry; view: RoomView }[] = [];
  const book = new JournalBook();
  const recorder = new ReplayRecorder();
  room.core.setJournal({
    input: (input, at) => recorder.input(input, at),
    note: (entry, view) => {
      seen.push({ entry, view });
      book.note(entry, view);
      recorder.note(entry, view);
    },
  });
  return { ...room, seen, book, recorder, kinds: () => seen.map(({ entry }) => entry.kind) };
}

describe("the room journal (dev tools)", () => {
  it("tells every operation in order: joins, the start, actions with their ack or code, deadlines, leaves", async () => {
    const room = journaledRoom();
    const alice = room.connect("alice");
    await alice.outcome;
    const bob = room.connect("bob");
    await bob.outcome;
    await room.send(alice.info, { type: "__action", action: "add", payload: { n: 2 }, seq: 1 });
    await room.send(bob.info, { type: "__action", action: "teleport", payload: {}, seq: 4 });
    await room.send(bob.info, { type: "__action", action: "arm", payload: { ms: 100 }, seq: 5 });
    room.clock.now += 100;
    await room.core.fireDeadlines();
    await room.core.disconnect(bob.info.connectionId);
    room.clock.now += SEAT_GRACE_MS;
    await room.core.fireDeadlines();

    expect(room.kinds()).toEqual([
      "join",
      "start",
      "join",
      "action",
      "action",
      "action",
      "deadline",
      "leave",
      "offline",
    ]);
    const [, start, , added, refused, , fired, left, offline] = room.seen;
    expect(start?.entry).toMatchObject({ kind: "start", seed: 42, roster: [{ id: "alice" }, { id: "bob" }] });
    expect(added?.entry).toMatchObject({
      kind: "action",
      seat: "alice",
      action: "add",
      payload: { n: 2 },
      seq: 1,
      result: { ok: true, events: [{ name: "added", data: { by: "alice", n: 2 } }] },
    });
    expect(added?.view.state).toMatchObject({ count: 2 });
    expect(refused?.entry).toMatchObject({
      kind: "action",
      seat: "bob",
      action: "teleport",
      seq: 4,
      result: { ok: false, code: "unknown_action", error: "Unknown action: teleport" },
    });
    expect(refused?.view.state).toMatchObject({ count: 2 });
    expect(fired?.entry).toMatchObject({ kind: "deadline", name: "timeout", ok: true, gameTime: 100 });
    expect(fired?.view.deadlines).toEqual({});
    expect(left?.entry).toMatchObject({ kind: "leave", seat: "bob" });
    // Bob's seat stays online for its grace, with no connection.
    expect(left?.view.presence.seats.map((seat) => [seat.seatId, seat.online, seat.connections])).toEqual([
      ["alice", true, 1],
      ["bob", true, 0],
    ]);
    expect(offline?.entry).toMatchObject({ kind: "offline", seat: "bob" });
    expect(offline?.view.presence.seats.map((seat) => [seat.seatId, seat.online])).toEqual([
      ["alice", true],
      ["bob", false],
    ]);
  });

  it("shows the room after each operation: roster, clock, frozen, pause and pending deadlines", async () => {
    const room = journaledRoom();
    const alice = room.connect("alice");
    await alice.outcome;
    room.clock.now += 1_500;
    await room.send(alice.info, { type: "__action", action: "arm", payload: { ms: 5_000 }, seq: 1 });
    await room.send(alice.info, { type: "__pause" });
    const armed = room.seen.find(({ entry }) => entry.kind === "action")?.view;
    expect(armed).toMatchObject({
      revisionId: "rev-1",
      codeId: "rev-1:1",
      started: true,
      frozen: false,
      paused: null,
      gameTime: 1_500,
      deadlines: { timeout: { at: 6_500 } },
    });
    expect(room.seen.at(-1)).toMatchObject({
      entry: { kind: "pause", paused: true, by: "alice" },
      view: { frozen: true, paused: { by: "alice" } },
    });
  });

  it("tells each onPresence run after the join or leave that caused it", async () => {
    const greeter: GameDefinition = {
      setup: () => ({ heard: [] as string[] }),
      actions: {},
      onPresence: ({ state, seatId, online }) => {
        state.heard.push(`${seatId} ${online ? "on" : "off"}`);
      },
    };
    const room = journaledRoom(greeter);
    const alice = room.connect("alice");
    await alice.outcome;
    await room.core.disconnect(alice.info.connectionId);
    room.clock.now += SEAT_GRACE_MS;
    await room.core.fireDeadlines();
    expect(room.kinds()).toEqual(["join", "start", "presence", "leave", "offline", "presence"]);
    expect(room.seen[2]).toMatchObject({
      entry: { kind: "presence", seat: "alice", online: true, ok: true },
      view: { state: { heard: ["alice on"] } },
    });
    expect(room.seen[5]?.entry).toMatchObject({ kind: "presence", seat: "alice", online: false, ok: true });
  });

  it("logs a malformed action as refused with its code", async () => {
    const room = journaledRoom();
    const alice = room.connect("alice");
    await alice.outcome;
    await room.send(alice.info, { type: "__action", payload: {}, seq: 9 });
    expect(room.seen.at(-1)?.entry).toMatchObject({ kind: "refused", seat: "alice", seq: 9 });
  });

  it("folds ticks and one seat's inputs into runs in the log, and keeps each as a step of the replay", async () => {
    const room = journaledRoom(ticker);
    const alice = room.connect("alice");
    await alice.outcome;
    for (let tick = 0; tick < 3; tick++) await room.core.tick();
    room.clock.now += 100;
    await room.send(alice.info, { type: "__input", data: { dx: 1 } });
    room.clock.now += 100;
    await room.send(alice.info, { type: "__input", data: { dx: -1 } });
    await room.core.tick();

    const { rows } = room.book.log();
    expect(rows.map(({ entry }) => entry.kind)).toEqual(["join", "start", "ticks", "inputs", "ticks"]);
    expect(rows[2]?.entry).toMatchObject({ kind: "ticks", tick: 1, lastTick: 3, count: 3 });
    expect(rows[2]?.view.state).toMatchObject({ ticks: 3 });
    expect(rows[3]?.entry).toMatchObject({ kind: "inputs", seat: "alice", count: 2, data: { dx: -1 } });
    expect(
      room.recorder.replay()?.steps.map(({ input }) => (input.kind === "frame" ? input.message.type : input.kind)),
    ).toEqual(["connect", "tick", "tick", "tick", "__input", "__input", "tick"]);
  });

  it("records the replay: seed, roster, revision, each input at its time with the action's outcome and the state after it", async () => {
    const room = journaledRoom();
    const alice = room.connect("alice");
    await alice.outcome;
    const joined = { ...alice.info };
    room.clock.now += 250;
    await room.send(alice.info, { type: "__action", action: "add", payload: { n: 1 }, seq: 1 });
    await room.send(alice.info, { type: "__action", action: "nope", payload: {}, seq: 2 });
    await room.send(alice.info, { type: "__ping" });
    const roster = [
      { id: "alice", role: "detective" },
      { id: "bob", role: "suspect" },
    ];
    const frame = (message: unknown) => ({ kind: "frame", connectionId: alice.info.connectionId, message });
    expect(room.recorder.replay()).toEqual({
      format: "scenario-replay",
      version: 1,
      revisionId: "rev-1",
      codeId: "rev-1:1",
      seed: 42,
      roster,
      truncated: false,
      steps: [
        {
          at: 0,
          input: { kind: "connect", connection: joined, roster },
          state: { count: 0, seats: ["alice", "bob"], rolls: [], timeouts: [] },
        },
        {
          at: 250,
          input: frame({ type: "__action", action: "add", payload: { n: 1 }, seq: 1 }),
          result: { ok: true, events: [{ name: "added", data: { by: "alice", n: 1 } }] },
          state: { count: 1, seats: ["alice", "bob"], rolls: [], timeouts: [] },
        },
        {
          at: 250,
          input: frame({ type: "__action", action: "nope", payload: {}, seq: 2 }),
          result: { ok: false, code: "unknown_action" },
        },
      ],
    });
  });

  it("keeps the last rows of a long game and says how many were dropped; a late journal makes no replay", async () => {
    const room = journaledRoom();
    const alice = room.connect("alice");
    await alice.outcome;
    for (let seq = 0; seq < MAX_LOG_ROWS; seq++) {
      await room.send(alice.info, { type: "__action", action: "add", payload: { n: 1 }, seq });
    }
    const { rows, dropped } = room.book.log();
    expect(rows).toHaveLength(MAX_LOG_ROWS);
    expect(dropped).toBe(2);
    expect(rows.at(-1)?.index).toBe(MAX_LOG_ROWS + 1);
    expect(room.recorder.replayable).toBe(true);
    room.recorder.joinedLate();
    expect(room.recorder.replayable).toBe(false);
  });
});
