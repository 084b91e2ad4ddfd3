import { describe, expect, it } from "vitest";
import coinChase, { SPEED } from "../../../examples/coin-chase/src/logic.ts";
import ticTacToe, { TURN_MS } from "../../../examples/tic-tac-toe/src/logic.ts";
import { createTestRoom, SEAT_GRACE_MS, type TestRoom } from "../../../src/room-core/test-room";

describe("a test room of tic-tac-toe (turn-based: actions, onPresence, a deadline)", () => {
  it("starts with every seat connected: setup ran, onPresence started X's turn timer", async () => {
    const room = await createTestRoom(ticTacToe, { players: 2, seed: 7 });
    expect(room.seats.map((seat) => seat.id)).toEqual(["p1", "p2"]);
    expect(room.state).toMatchObject({ seats: { X: "p1", O: "p2" }, turn: "X", everyoneJoined: true });
    expect(room.presence).toEqual({ online: ["p1", "p2"], seen: ["p1", "p2"] });
    expect(room.deadlines).toEqual({ turnTimer: { at: TURN_MS } });
  });

  it("act applies an action with its events; a refused one returns the error and leaves the state", async () => {
    const room = await createTestRoom(ticTacToe);
    expect(await room.act("p1", "place", { cell: 4 })).toEqual({
      applied: true,
      events: [{ name: "placed", data: { mark: "X", cell: 4 } }],
      serverEvents: [],
    });
    const before = room.state;
    expect(await room.act("p1", "place", { cell: 0 })).toEqual({
      applied: false,
      code: "action_failed",
      error: "Not your turn",
    });
    expect(room.state).toEqual(before);
    // @ts-expect-error tic-tac-toe has no action "castle" (its logic.js is typed by inference)
    expect(await room.act("p2", "castle", {})).toMatchObject({ applied: false, code: "unknown_action" });
    expect(room.events).toEqual([
      { name: "placed", data: { mark: "X", cell: 4 }, cause: "action", seat: "p1", action: "place" },
    ]);
  });

  it("expectRefused passes on a refusal with the error asked for and fails on anything else", async () => {
    const room = await createTestRoom(ticTacToe);
    await expect(room.expectRefused("p2", "place", { cell: 4 }, "Not your turn")).resolves.toMatchObject({
      code: "action_failed",
    });
    await expect(room.expectRefused("p2", "place", { cell: 4 }, /taken/)).rejects.toThrow(
      'p2\'s place was refused with action_failed: "Not your turn", not with /taken/',
    );
    await expect(room.expectRefused("p1", "place", { cell: 4 })).rejects.toThrow(
      "expected p1's place to be refused, but the room applied it (events: placed)",
    );
  });

  it("the state it hands out is a copy: changing it changes nothing in the room", async () => {
    const room = await createTestRoom(ticTacToe);
    const state = room.state;
    state.board[4] = "O";
    expect(room.state.board[4]).toBeNull();
    expect(await room.act("p1", "place", { cell: 4 })).toMatchObject({ applied: true });
  });

  it("advance moves game time: the turn timer fires when it comes due, not before", async () => {
    const room = await createTestRoom(ticTacToe);
    expect(await room.advance(TURN_MS - 1)).toEqual([]);
    expect(room.state.turn).toBe("X");
    expect(await room.advance(1)).toEqual([
      { name: "timeout", data: { mark: "X" }, cause: "deadline", deadline: "turnTimer" },
    ]);
    expect(room.state).toMatchObject({ turn: "O", timeouts: 1, turnEndsAt: 2 * TURN_MS });
    expect(room.gameTime).toBe(TURN_MS);
    // Two more turns pass in one advance, each at its own game time.
    const fired = await room.advance(2 * TURN_MS);
    expect(fired.map((event) => event.data)).toEqual([{ mark: "O" }, { mark: "X" }]);
    expect(room.state).toMatchObject({ turn: "O", timeouts: 3, turnEndsAt: 4 * TURN_MS });
  });

  it("disconnect: the seat stays online through its grace, then onPresence hears it go; the clock stops with nobody there", async () => {
    const room = await createTestRoom(ticTacToe);
    await room.disconnect("p2");
    expect(room.presence.online).toEqual(["p1", "p2"]);
    await room.advance(SEAT_GRACE_MS);
    expect(room.presence).toEqual({ online: ["p1"], seen: ["p1", "p2"] });
    await room.disconnect("p1");
    await room.advance(SEAT_GRACE_MS);
    const frozenAt = room.gameTime;
    await room.advance(10 * TURN_MS);
    expect(room.gameTime).toBe(frozenAt);
    expect(room.state.timeouts).toBe(0);
    await room.connect("p2");
    await room.advance(TURN_MS);
    expect(room.state.timeouts).toBe(1);
  });

  it("a room made with nobody online starts with its first connection; the timer waits for every seat", async () => {
    const room = await createTestRoom(ticTacToe, { online: [] });
    expect(room.state).toBeNull();
    await room.connect("p1");
    expect(room.state).toMatchObject({ everyoneJoined: false });
    await room.expectRefused("p1", "place", { cell: 4 }, "Waiting for every player to join");
    await room.connect("p2");
    expect(room.state.everyoneJoined).toBe(true);
  });

  it("an observer (an id not in the roster) may connect but not act; a seat not connected cannot send", async () => {
    const room = await createTestRoom(ticTacToe, { players: ["alice", "bob"] });
    await room.connect("watcher");
    expect(await room.act("watcher", "place", { cell: 4 })).toMatchObject({ applied: false, code: "not_a_player" });
    await room.disconnect("bob");
    await expect(room.act("bob", "place", { cell: 4 })).rejects.toThrow('bob is not connected: connect("bob") first');
  });
});

/** Coin-chase's state as its setup() builds it (inference types its players as {}). */
interface Race {
  players: Record<string, { x: number; y: number; score: number }>;
  teleportsLeft: Record<string, number>;
  coin: { x: number; y: number };
}
const race = (room: { state: unknown }) => room.state as Race;

describe("a test room of coin-chase (real-time: ticks, inputs, server actions)", () => {
  it("advance runs update() at the game's tick rate and moves a player by its input", async () => {
    const room = await createTestRoom(coinChase, { seed: 3 });
    await room.input("p1", { dx: 1 });
    await room.advance(1_000);
    // tickRate 10: ten ticks in a second, each SPEED to the right (unless a coin reset the race).
    expect(race(room).players.p1?.x).toBe(10 * SPEED);
    await room.input("p1", { dx: 0 });
    await room.advance(1_000);
    expect(race(room).players.p1?.x).toBe(10 * SPEED);
  });

  it("a split action: the predicted part and the server part run as one, with the seeded random", async () => {
    const room = await createTestRoom(coinChase, { seed: 11 });
    const result = await room.serverAction("p2", "teleport");
    expect(result).toMatchObject({ applied: true, serverEvents: [{ name: "teleported" }] });
    const landed = race(room).players.p2;
    expect(race(room).teleportsLeft.p2).toBe(1);
    if (!result.applied) throw new Error("teleport refused");
    expect(result.serverEvents[0]?.data).toEqual({ seatId: "p2", x: landed?.x, y: landed?.y });
    await room.act("p2", "teleport");
    await room.expectRefused("p2", "teleport", undefined, "No teleports left");
    await room.expectRefused("p1", "rematch", undefined, "The race is not over yet");
  });

  it("is deterministic: the same seed and inputs give the same states and events; another seed draws other coins", async () => {
    const play = async (seed: number) => {
      const room = await createTestRoom(coinChase, { seed });
      await room.input("p1", { dx: 1, dy: 1 });
      await room.act("p2", "teleport");
      await room.advance(3_000);
      return { state: race(room), events: room.events };
    };
    const first = await play(5);
    expect(await play(5)).toEqual(first);
    expect((await play(6)).state.coin).not.toEqual(first.state.coin);
  });

  it("on the manual clock, advance only moves the clock: ticks and deadlines run when the test says", async () => {
    const room = await createTestRoom(coinChase, { clock: "manual" });
    await room.input("p1", { dx: 1 });
    await room.advance(5_000);
    expect(race(room).players.p1?.x).toBe(0);
    await room.tick();
    await room.tick();
    expect(race(room).players.p1?.x).toBe(2 * SPEED);
  });
});

describe("a test room keeps to the room's rules", () => {
  it("a state JSON would change comes back as the room's sandbox sends it; one JSON refuses fails the action", async () => {
    const game = {
      setup: () => ({ at: null as unknown, note: "" }),
      actions: {
        stamp(state: { at: unknown }) {
          state.at = new Date(0);
        },
        poison(state: { at: unknown }) {
          state.at = () => 1;
        },
      },
    };
    const room = await createTestRoom(game);
    await room.act("p1", "stamp");
    expect(room.state.at).toBe("1970-01-01T00:00:00.000Z");
    expect(await room.act("p1", "poison")).toMatchObject({ applied: false, code: "action_failed" });
    expect(room.state.at).toBe("1970-01-01T00:00:00.000Z");
  });

  it("a setup() that throws fails createTestRoom with its error; a tick that throws is rolled back and logged", async () => {
    await expect(
      createTestRoom({
        setup() {
          throw new Error("no board");
        },
      }),
    ).rejects.toThrow("setup() failed, so the game did not start: no board");

    const room = await createTestRoom({
      tickRate: 2,
      setup: () => ({ ticks: 0 }),
      update({ state, ctx }: { state: { ticks: number }; ctx: { tick: number } }) {
        state.ticks += 1;
        if (ctx.tick === 2) throw new Error("second tick");
      },
    });
    await room.advance(1_500);
    expect(room.state.ticks).toBe(2);
    expect(room.logs).toContainEqual({
      level: "error",
      message: "update() threw; tick skipped",
      fields: { error: "second tick" },
    });
  });

  it("refuses a bad roster and a bad advance", async () => {
    await expect(createTestRoom(ticTacToe, { players: ["a", "a"] })).rejects.toThrow("seat ids must be unique");
    await expect(createTestRoom(ticTacToe, { players: 0 })).rejects.toThrow("a room needs at least one seat");
    const room = await createTestRoom(ticTacToe);
    await expect(room.advance(-1)).rejects.toThrow("advance(ms) needs a finite number ≥ 0, got -1");
  });

  it("a deadline that keeps coming due at once stops advance with an error, not a hang", async () => {
    const room = await createTestRoom({
      setup: ({ ctx }: { ctx: { setDeadline(name: string, at: number): void } }) => {
        ctx.setDeadline("again", 0);
        return {};
      },
      deadlines: {
        again: (_state: unknown, ctx: { gameTime: number; setDeadline(name: string, at: number): void }) =>
          ctx.setDeadline("again", ctx.gameTime),
      },
    });
    await expect(room.advance(1)).rejects.toThrow(/a deadline keeps coming due/);
  });
});

describe("its calls are typed from the game", () => {
  interface Board {
    cells: (string | null)[];
  }
  const typed = {
    setup: (): Board => ({ cells: [null, null] }),
    actions: {
      mark(state: Board, payload: { cell: number }) {
        state.cells[payload.cell] = "x";
      },
      clear(state: Board) {
        state.cells = [null, null];
      },
    },
    serverActions: {
      shuffle(_state: Board, _payload: { times: number }) {},
    },
  };

  it("a typed game's state, names and payloads are checked (tsc checks the lines marked @ts-expect-error)", async () => {
    const room: TestRoom<typeof typed> = await createTestRoom(typed);
    const cells: (string | null)[] = room.state.cells;
    expect(cells).toEqual([null, null]);
    await room.act("p1", "mark", { cell: 1 });
    await room.act("p1", "clear");
    await room.serverAction("p1", "shuffle", { times: 2 });
    const neverRun = async () => {
      // @ts-expect-error a payload of the wrong type
      await room.act("p1", "mark", { cell: "one" });
      // @ts-expect-error a payload missing
      await room.act("p1", "mark");
      // @ts-expect-error no such action
      await room.act("p1", "jump", {});
      // @ts-expect-error mark is no server action
      await room.serverAction("p1", "mark", { cell: 1 });
      // @ts-expect-error no such field in the state
      room.state.board;
    };
    void neverRun;
    expect(room.state.cells).toEqual([null, null]);
  });
});
