import { describe, expect, it } from "vitest";
import coinChase, { bots as coinChaseBots } from "../../../examples/coin-chase/src/logic.ts";
import ticTacToe, { bots as ticTacToeBots } from "../../../examples/tic-tac-toe/src/logic.ts";
import { SeededRandom } from "../../../src/engine/random.ts";
import type { ScenarioBots } from "../../../src/engine/types.ts";
import {
  BotError,
  botMoves,
  botsFromRecordedActions,
  readBots,
  recordedActionsBySeatPlace,
} from "../../../tools/loadtest/bots.ts";
import { GAME_OVER } from "../../../tools/loadtest/room-wire-target.ts";
import { makeRoom, only, ROSTER } from "../room-core/harness.ts";

const roster = [{ id: "p1" }, { id: "p2" }];
const view = (state: unknown = {}) => ({ state, players: null });

describe("the bots export", () => {
  it("is read from a logic module's exports: none is null, a wrong shape is refused with what is wrong", () => {
    expect(readBots({ default: {} })).toBeNull();
    const bots = { act: () => null };
    expect(readBots({ default: {}, bots })).toBe(bots);
    expect(() => readBots({ bots: { act: "place" } })).toThrow(BotError);
    expect(() => readBots({ bots: () => null })).toThrow(/act\(view\) function/);
    expect(() => readBots({ bots: { act: () => null, gameOver: true } })).toThrow(/bots.gameOver must be a function/);
  });

  it("asks gameOver first: a seat whose game is over sends nothing and its bot is not asked to act", () => {
    const acted: number[] = [];
    const bots: ScenarioBots = {
      gameOver: ({ state }) => (state as { over: boolean }).over,
      act: ({ turn }) => {
        acted.push(turn);
        return null;
      },
    };
    const moves = botMoves(bots, { seed: 1, roster });
    expect(moves({ room: 0, seat: 0 }, view({ over: false }))).toBeNull();
    expect(moves({ room: 0, seat: 0 }, view({ over: true }))).toEqual(GAME_OVER);
    expect(acted).toEqual([0]);
    const throwing = botMoves(
      {
        act: () => null,
        gameOver: () => {
          throw new Error("no state yet");
        },
      },
      { seed: 1, roster },
    );
    expect(() => throwing({ room: 0, seat: 1 }, view())).toThrow("bots.gameOver threw for seat p2: no state yet");
  });

  it("is asked for each due seat with its seat id, the roster, its view, its turn count and a seeded random", () => {
    const seen: unknown[] = [];
    const bots: ScenarioBots = {
      act: ({ seatId, players, state, turn, random }) => {
        seen.push({ seatId, players: players.length, state, turn });
        return { action: "roll", payload: { n: random.int(1000) } };
      },
    };
    const moves = botMoves(bots, { seed: 7, roster });
    const first = moves({ room: 0, seat: 1 }, view({ round: 1 }));
    moves({ room: 0, seat: 1 }, view({ round: 2 }));
    moves({ room: 3, seat: 0 }, view());

    expect(seen).toEqual([
      { seatId: "p2", players: 2, state: { round: 1 }, turn: 0 },
      { seatId: "p2", players: 2, state: { round: 2 }, turn: 1 },
      { seatId: "p1", players: 2, state: {}, turn: 0 },
    ]);
    // The same seed and seat draw the same numbers: a run plays the same moves from the same states.
    expect(botMoves(bots, { seed: 7, roster })({ room: 0, seat: 1 }, view())).toEqual(first);
    expect(first).toEqual({ action: "roll", payload: expect.objectContaining({ n: expect.any(Number) }) });
  });

  it("passes inputs and idle turns, gives an action without payload an empty one", () => {
    const answers = [{ input: { dx: 1 } }, null, { action: "pass" }];
    const moves = botMoves({ act: ({ turn }) => answers[turn] as never }, { seed: 1, roster });
    expect([0, 1, 2].map(() => moves({ room: 0, seat: 0 }, view()))).toEqual([
      { input: { dx: 1 } },
      null,
      { action: "pass", payload: {} },
    ]);
  });

  it("stops the run with a message naming the seat when a bot throws or answers no move", () => {
    const throwing = botMoves(
      {
        act: () => {
          throw new Error("no idea");
        },
      },
      { seed: 1, roster },
    );
    expect(() => throwing({ room: 0, seat: 0 }, view())).toThrow("bots.act threw for seat p1: no idea");
    for (const bad of [{ action: "" }, { action: "x", payload: [1] }, { cell: 4 }, "place", undefined]) {
      const moves = botMoves({ act: () => bad as never }, { seed: 1, roster });
      expect(() => moves({ room: 0, seat: 1 }, view()), JSON.stringify(bad)).toThrow(/returned no move for seat p2/);
    }
  });
});

describe("bots from recorded actions (the replay seam)", () => {
  it("plays each seat's recorded actions in order, again from the start, and idles a seat that sent none", () => {
    const bots = botsFromRecordedActions([
      { seatId: "p1", action: "place", payload: { cell: 4 } },
      { seatId: "p2", action: "place", payload: { cell: 0 } },
      { seatId: "p1", action: "place", payload: { cell: 8 } },
    ]);
    const random = new SeededRandom(1).asRandom();
    const act = (seatId: string, turn: number) => bots.act({ seatId, players: roster, state: null, turn, random });
    expect([0, 1, 2].map((turn) => act("p1", turn))).toEqual([
      { action: "place", payload: { cell: 4 } },
      { action: "place", payload: { cell: 8 } },
      { action: "place", payload: { cell: 4 } },
    ]);
    expect(act("p2", 5)).toEqual({ action: "place", payload: { cell: 0 } });
    expect(act("p3", 0)).toBeNull();
  });
});

describe("the examples' bots", () => {
  it("tic-tac-toe: every move a bot makes is one the room accepts, and the bots play a game to its end", async () => {
    const room = makeRoom(ticTacToe);
    const seats = [room.connect("alice"), room.connect("bob")];
    for (const seat of seats) await seat.outcome;
    const moves = botMoves(ticTacToeBots as ScenarioBots, { seed: 3, roster: ROSTER });
    let sent = 0;
    for (let turn = 0; turn < 20; turn++) {
      for (const [index, seat] of seats.entries()) {
        const move = moves({ room: 0, seat: index }, { state: room.core.record.state, players: ROSTER });
        if (move === null || "input" in move || "gameOver" in move) continue;
        const outcome = await room.send(seat.info, { type: "__action", ...move, seq: ++sent });
        expect(only(outcome.toSender, "__action_error")).toEqual([]);
      }
    }
    const state = room.core.record.state as { winner: string | null; draw: boolean; board: unknown[] };
    expect(state.winner !== null || state.draw).toBe(true);
    expect(sent).toBe(state.board.filter((mark) => mark !== null).length);
    // Once it is over, both seats say so (the load test counts those turns apart).
    for (const seat of [0, 1]) expect(moves({ room: 0, seat }, { state, players: ROSTER })).toEqual(GAME_OVER);
  });

  it("coin-chase: a bot steers toward the coin with input; the game is over once the race is won", () => {
    const state = coinChase.setup?.({
      players: roster,
      ctx: { random: new SeededRandom(5).asRandom() } as never,
    }) as unknown as {
      coin: { x: number; y: number };
      players: Record<string, { x: number; y: number }>;
      winner: string | null;
    };
    state.coin = { x: 10, y: 0 };
    state.players.p1 = { x: 12, y: 3, score: 0 } as never;
    const random = new SeededRandom(1).asRandom();
    expect((coinChaseBots as ScenarioBots).act({ seatId: "p1", players: roster, state, turn: 0, random })).toEqual({
      input: { dx: -1, dy: -1 },
    });
    const over = { seatId: "p1", players: roster, state, turn: 1, random };
    expect((coinChaseBots as ScenarioBots).gameOver?.(over)).toBe(false);
    state.winner = "p2";
    expect((coinChaseBots as ScenarioBots).gameOver?.(over)).toBe(true);
  });
});

describe("a recording's actions handed to the load test's seats by place", () => {
  const recorded = [
    { seatId: "bob", action: "place", payload: { cell: 0 } },
    { seatId: "alice", action: "place", payload: { cell: 4 } },
    { seatId: "carol", action: "place", payload: { cell: 2 } },
  ];

  it("gives the recording's n-th seat (roster order, then first action) to the roster's n-th seat; more seats idle", () => {
    const { actions, leftOut } = recordedActionsBySeatPlace(
      recorded,
      ["alice", "bob"],
      [{ id: "p1" }, { id: "p2" }, { id: "p3" }, { id: "p4" }],
    );
    expect(actions).toEqual([
      { seatId: "p2", action: "place", payload: { cell: 0 } },
      { seatId: "p1", action: "place", payload: { cell: 4 } },
      { seatId: "p3", action: "place", payload: { cell: 2 } },
    ]);
    expect(leftOut).toEqual([]);
  });

  it("leaves out the recording's seats beyond the roster, and names them", () => {
    const { actions, leftOut } = recordedActionsBySeatPlace(recorded, [], [{ id: "p1" }]);
    expect(actions).toEqual([{ seatId: "p1", action: "place", payload: { cell: 0 } }]);
    expect(leftOut).toEqual(["alice", "carol"]);
  });
});
