// Turn-based example: two seats, one deterministic action, and a turn timer in game time that
// starts only once every seat has joined (onPresence): no clock runs against an empty seat.
// Everything here runs on the room server; `actions` also run in the browser as predictions,
// so they use no randomness and no clock other than ctx.gameTime.
import { defineGame, type LogicContext, type ScenarioBots } from "scenario";

export const TURN_MS = 20_000;
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

export type Mark = "X" | "O";

export interface State {
  board: (Mark | null)[];
  /** Which seat plays each mark. */
  seats: Record<Mark, string>;
  turn: Mark;
  winner: Mark | null;
  winningLine: number[] | null;
  draw: boolean;
  timeouts: number;
  /** Set once every seat has been online: until then nobody plays and no timer runs. */
  everyoneJoined: boolean;
  /** Game time the turn's timer runs out. */
  turnEndsAt: number | null;
}

/** What a client sends: each action's payload (`undefined`: none). */
export interface Actions {
  place: { cell: number };
  rematch: undefined;
}

interface Types {
  events: {
    placed: { mark: Mark; cell: number };
    won: { mark: Mark; seat: string | null };
    draw: undefined;
    timeout: { mark: Mark };
    rematch: { by: string | null };
  };
  deadlines: { turnTimer: undefined };
}

type Ctx = LogicContext<Types>;

const other = (mark: Mark): Mark => (mark === "X" ? "O" : "X");

function startTurn(state: State, ctx: Ctx) {
  state.turnEndsAt = ctx.gameTime + TURN_MS;
  ctx.setDeadline("turnTimer", state.turnEndsAt);
}

function lineOf(board: State["board"], mark: Mark): number[] | null {
  return LINES.find((line) => line.every((cell) => board[cell] === mark)) ?? null;
}

const game = defineGame<State, Actions, Types>({
  setup({ players }) {
    const first = players[0]?.id ?? "player";
    // With one seat (solo mode) the same player places both marks.
    const second = players[1]?.id ?? first;
    return {
      board: Array<Mark | null>(9).fill(null),
      seats: { X: first, O: second },
      turn: "X",
      winner: null,
      winningLine: null,
      draw: false,
      timeouts: 0,
      everyoneJoined: false,
      turnEndsAt: null,
    };
  },

  // A seat came online or went offline (spectators never count). The first time every seat has
  // been here, the game begins: X's turn timer starts. A player who leaves later still times out,
  // so one player cannot stall the game by closing the page.
  onPresence({ state, ctx }) {
    if (state.everyoneJoined || !ctx.presence.allSeen) return;
    state.everyoneJoined = true;
    startTurn(state, ctx);
  },

  actions: {
    // After a win or a draw, either player starts the next game on a fresh board. The marks change
    // seats, so the other player opens this time (X always begins).
    rematch(state, _payload, ctx) {
      if (!state.winner && !state.draw) throw new Error("The game is not over yet");
      Object.assign(state, {
        board: Array(9).fill(null),
        seats: { X: state.seats.O, O: state.seats.X },
        turn: "X",
        winner: null,
        winningLine: null,
        draw: false,
      });
      ctx.emit("rematch", { by: ctx.playerId });
      startTurn(state, ctx);
    },

    place(state, payload, ctx) {
      if (!state.everyoneJoined) throw new Error("Waiting for every player to join");
      if (state.winner || state.draw) throw new Error("The game is over");
      if (state.seats[state.turn] !== ctx.playerId) throw new Error("Not your turn");
      // The payload's type is what an honest client sends; the room checks nothing, so this does.
      const cell = payload.cell;
      if (!Number.isInteger(cell) || cell < 0 || cell > 8) throw new Error("cell must be 0-8");
      if (state.board[cell] !== null) throw new Error("That cell is taken");
      state.board[cell] = state.turn;
      ctx.emit("placed", { mark: state.turn, cell });
      const line = lineOf(state.board, state.turn);
      if (line) {
        state.winner = state.turn;
        state.winningLine = line;
        ctx.clearDeadline("turnTimer");
        ctx.emit("won", { mark: state.turn, seat: ctx.playerId });
        return;
      }
      if (state.board.every((mark) => mark !== null)) {
        state.draw = true;
        ctx.clearDeadline("turnTimer");
        ctx.emit("draw");
        return;
      }
      state.turn = other(state.turn);
      startTurn(state, ctx);
    },
  },

  deadlines: {
    // The player on turn waited too long: the turn passes to the other mark.
    turnTimer(state, ctx) {
      if (state.winner || state.draw) return;
      ctx.emit("timeout", { mark: state.turn });
      state.timeouts += 1;
      state.turn = other(state.turn);
      startTurn(state, ctx);
    },
  },
});

export default game;

// Players for `npx scenario loadtest` (docs/authoring.md, "Load test"): each time its seat is due,
// a bot marks a free cell at random on its own turn and waits otherwise; once the game is over
// (gameOver, asked first) the load test counts its turns apart from those waits.
// It reads the state as its seat last received it, so now and then it plays on a turn that has just
// passed and the room refuses the move ("Not your turn"), as it would a quick player's.
export const bots: ScenarioBots<typeof game> = {
  gameOver: ({ state }) => Boolean(state?.winner || state?.draw),
  act({ seatId, state, random }) {
    if (!state?.everyoneJoined || state.seats[state.turn] !== seatId) return null;
    const free = state.board.flatMap((mark, cell) => (mark === null ? [cell] : []));
    return free.length > 0 ? { action: "place", payload: { cell: random.pick(free) } } : null;
  },
};
