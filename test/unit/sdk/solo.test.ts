import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type GameSession, startGame } from "../../../browser/sdk";
import coinChase, { COINS_TO_WIN } from "../../../examples/coin-chase/src/logic.ts";
import ticTacToe, { TURN_MS } from "../../../examples/tic-tac-toe/src/logic.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"] });
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

/** A handler of a game, to call with only the parts of ctx it reads. */
const handler = (entry: unknown) => entry as (state: unknown, payload: unknown, ctx: unknown) => void;

async function solo(game: object, params = "") {
  const session = startGame({ game, params });
  const errors: string[] = [];
  const events: string[] = [];
  const ticks: number[] = [];
  session.on("actionError", (e) => errors.push(e.error));
  session.on("events", (e) =>
    events.push(...e.events.map((event) => event.name), ...e.serverEvents.map((event) => event.name)),
  );
  session.on("state", (s) => {
    if (s.reason === "tick") ticks.push(1);
  });
  await settle();
  return { session, errors, events, ticks };
}

async function place(session: GameSession, cell: number) {
  session.act("place", { cell });
  await settle();
}

describe("solo mode: the whole room in the browser", () => {
  it("runs the turn-based example to a winner with one seat playing both marks", async () => {
    const { session, events } = await solo(ticTacToe);
    expect(session.mode).toBe("solo");
    expect(session.started).toBe(true);
    expect(session.players).toEqual([{ id: "player" }]);
    for (const cell of [0, 3, 1, 4, 2]) await place(session, cell);
    expect(session.state.winner).toBe("X");
    expect(session.state.winningLine).toEqual([0, 1, 2]);
    expect(events).toEqual(["placed", "placed", "placed", "placed", "placed", "won"]);
  });

  it("starts the turn-based example's next game once one is over: a fresh board, the marks changing seats", async () => {
    const { session, events, errors } = await solo(ticTacToe);
    session.act("rematch");
    await settle();
    expect(errors).toEqual(["The game is not over yet"]);
    for (const cell of [0, 3, 1, 4, 2]) await place(session, cell);
    expect(session.state.winner).toBe("X");
    session.act("rematch");
    await settle();
    expect(session.state).toMatchObject({ board: Array(9).fill(null), turn: "X", winner: null, winningLine: null });
    expect(events.at(-1)).toBe("rematch");
    // Two seats: the one that played O opens the next game as X.
    const state = { ...session.state, seats: { X: "a", O: "b" }, draw: true };
    const ctx = { playerId: "b", gameTime: 0, emit: () => {}, setDeadline: () => {} };
    handler(ticTacToe.actions?.rematch)(state, {}, ctx);
    expect(state.seats).toEqual({ X: "b", O: "a" });
  });

  it("starts the real-time example's next race once one is won, from the start line", async () => {
    const { session, errors } = await solo(coinChase, "seatId=me");
    session.act("rematch");
    await settle();
    expect(errors).toEqual(["The race is not over yet"]);
    const won = { winner: "me", players: { me: { x: 7, y: 3, score: COINS_TO_WIN } }, teleportsLeft: { me: 0 } };
    const state = { ...session.state, ...won };
    const emitted: string[] = [];
    const ctx = { playerId: "me", emit: (name: string) => emitted.push(name), random: { int: () => 4 } };
    handler(coinChase.serverActions?.rematch)(state, {}, ctx);
    expect(state).toMatchObject({
      winner: null,
      players: { me: { x: 0, y: 0, score: 0 } },
      teleportsLeft: { me: 2 },
      coin: { x: 4, y: 4 },
    });
    expect(emitted).toEqual(["rematch"]);
  });

  it("catches and logs an exception in an action: error reported, state kept, the game goes on", async () => {
    const { session, errors } = await solo(ticTacToe);
    await place(session, 4);
    await place(session, 4);
    expect(errors).toEqual(["That cell is taken"]);
    expect(console.info).toHaveBeenCalledWith(
      "[solo room] action rejected",
      expect.objectContaining({ code: "action_failed", action: "place" }),
    );
    expect(session.state.board[4]).toBe("X");
    expect(session.state.turn).toBe("O");
    await place(session, 0);
    expect(session.state.board[0]).toBe("O");
  });

  it("fires deadlines in game time: the turn timer passes the turn", async () => {
    const { session, events } = await solo(ticTacToe);
    await vi.advanceTimersByTimeAsync(TURN_MS - 100);
    expect(session.state.turn).toBe("X");
    await vi.advanceTimersByTimeAsync(200);
    expect(session.state.turn).toBe("O");
    expect(events).toContain("timeout");
    expect(session.gameTime()).toBeGreaterThanOrEqual(TURN_MS);
  });

  it("has no tick loop when the game sets no tickRate (default 0)", async () => {
    const { ticks } = await solo(ticTacToe);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ticks).toEqual([]);
  });

  it("runs the real-time example: ticks at tickRate move the player by the latest input", async () => {
    const { session, ticks } = await solo(coinChase, "seatId=me");
    const start = session.state.players.me.x;
    session.input({ dx: 1, dy: 0 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ticks.length).toBeGreaterThanOrEqual(9);
    expect(ticks.length).toBeLessThanOrEqual(11);
    expect(session.state.players.me.x).toBeGreaterThan(start + 3);
  });

  it("runs the split action: predicted teleport count, server-side random landing spot", async () => {
    const { session, events, errors } = await solo(coinChase, "seatId=me");
    session.act("teleport");
    expect(session.state.teleportsLeft.me).toBe(1);
    await settle();
    expect(events).toContain("teleported");
    session.act("teleport");
    await settle();
    session.act("teleport");
    await settle();
    expect(errors).toEqual(["No teleports left"]);
    expect(session.state.teleportsLeft.me).toBe(0);
  });

  it("catches an exception in update(): logged, that tick skipped, the loop goes on", async () => {
    const broken = {
      tickRate: 10,
      setup: () => ({ ticks: 0 }),
      update({ state, ctx }: { state: { ticks: number }; ctx: { tick: number } }) {
        if (ctx.tick === 3) throw new Error("tick failed");
        state.ticks += 1;
      },
    };
    const { session } = await solo(broken);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(console.error).toHaveBeenCalledWith("[solo room] update() threw; tick skipped", expect.anything());
    expect(session.state.ticks).toBeGreaterThanOrEqual(8);
  });

  it("collects every event of one tick and delivers them together with its state", async () => {
    const game = {
      tickRate: 10,
      setup: () => ({ n: 0 }),
      update({ state, ctx }: { state: { n: number }; ctx: { emit: (name: string) => void } }) {
        state.n += 1;
        ctx.emit("a");
        ctx.emit("b");
      },
    };
    const session = startGame({ game, params: "" });
    const deliveries: { names: string[]; n: number }[] = [];
    session.on("events", (e) => deliveries.push({ names: e.events.map((event) => event.name), n: session.state?.n }));
    await vi.advanceTimersByTimeAsync(250);
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    for (const delivery of deliveries) expect(delivery.names).toEqual(["a", "b"]);
  });

  it("pauses and resumes the game clock", async () => {
    const { session } = await solo(coinChase, "seatId=me");
    session.pause();
    await settle();
    expect(session.frozen).toBe(true);
    const frozenAt = session.gameTime();
    const stateAt = JSON.stringify(session.state);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(session.gameTime()).toBe(frozenAt);
    expect(JSON.stringify(session.state)).toBe(stateAt);
    session.resume();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(session.gameTime()).toBeGreaterThan(frozenAt);
    expect(COINS_TO_WIN).toBe(5);
  });
});
