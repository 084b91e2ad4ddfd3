// Real-time example: a tick loop moves every player by their latest continuous input (__input);
// the server places coins at random; a serverAction teleports a player to a random spot, another
// starts the next race once one is won.
// Randomness lives in update() and serverActions only: they run on the server, never as predictions.
// The race starts once every seat has been online (ctx.presence): nobody collects coins alone.
import { defineGame, type LogicContext, type ScenarioBots } from "scenario";

export const SIZE = 20;
export const SPEED = 0.5;
export const COINS_TO_WIN = 5;

export interface Player {
  x: number;
  y: number;
  score: number;
}

export interface State {
  players: Record<string, Player>;
  coin: { x: number; y: number };
  /** The seat that won the race, or null while it runs. */
  winner: string | null;
  teleportsLeft: Record<string, number>;
}

/** What a client sends: each action's payload (`undefined`: none). */
export interface Actions {
  teleport: undefined;
  rematch: undefined;
}

/** A seat's continuous input: where it steers, -1 to 1 on each axis. */
export interface Input {
  dx: number;
  dy: number;
}

interface Types {
  events: {
    coin: { seatId: string; score: number };
    won: { seatId: string };
    teleported: { seatId: string; x: number; y: number };
    rematch: { by: string | null };
  };
  input: Input;
}

type Ctx = LogicContext<Types>;

function placeCoin(state: State, ctx: Ctx) {
  state.coin = { x: ctx.random.int(SIZE), y: ctx.random.int(SIZE) };
}

/** Everyone back at the start line with no coins and both teleports, and a new coin. */
function startRace(state: State, ctx: Ctx) {
  Object.keys(state.players).forEach((seatId, index) => {
    state.players[seatId] = { x: index * 3, y: 0, score: 0 };
    state.teleportsLeft[seatId] = 2;
  });
  state.winner = null;
  placeCoin(state, ctx);
}

/** The acting seat: actions always have one (only setup, ticks, deadlines and onPresence have none). */
function actor(ctx: Ctx): string {
  if (ctx.playerId === null) throw new Error("No seat acted");
  return ctx.playerId;
}

const clamp = (value: number) => Math.min(SIZE - 1, Math.max(0, value));
// Input comes from clients and the room checks nothing: anything but a finite number is no move.
const direction = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : 0;

const game = defineGame<State, Actions, Types>({
  tickRate: 10,

  setup({ players, ctx }) {
    const state: State = { players: {}, coin: { x: 0, y: 0 }, winner: null, teleportsLeft: {} };
    for (const seat of players) state.players[seat.id] = { x: 0, y: 0, score: 0 };
    startRace(state, ctx);
    return state;
  },

  update({ state, ctx }) {
    if (state.winner || !ctx.presence.allSeen) return;
    for (const [seatId, player] of Object.entries(state.players)) {
      const input = ctx.inputs[seatId];
      player.x = clamp(player.x + direction(input?.dx) * SPEED);
      player.y = clamp(player.y + direction(input?.dy) * SPEED);
      if (Math.abs(player.x - state.coin.x) < 1 && Math.abs(player.y - state.coin.y) < 1) {
        player.score += 1;
        ctx.emit("coin", { seatId, score: player.score });
        if (player.score >= COINS_TO_WIN) {
          state.winner = seatId;
          ctx.emit("won", { seatId });
          return;
        }
        placeCoin(state, ctx);
      }
    }
  },

  actions: {
    // The predicted part: the client shows the teleport as used at once.
    teleport(state, _payload, ctx) {
      if (!ctx.presence.allSeen) throw new Error("Waiting for every player to join");
      if (state.winner) throw new Error("The game is over");
      const seatId = actor(ctx);
      const left = state.teleportsLeft[seatId] ?? 0;
      if (left <= 0) throw new Error("No teleports left");
      state.teleportsLeft[seatId] = left - 1;
    },
  },

  serverActions: {
    // Once the race is won, any player starts the next one (the new coin is random: server only).
    rematch(state, _payload, ctx) {
      if (!state.winner) throw new Error("The race is not over yet");
      startRace(state, ctx);
      ctx.emit("rematch", { by: ctx.playerId });
    },

    // The server-decided part of the same action: where the player lands.
    teleport(state, _payload, ctx) {
      const seatId = actor(ctx);
      const player = state.players[seatId];
      if (!player) throw new Error("Not a player of this race");
      player.x = ctx.random.int(SIZE);
      player.y = ctx.random.int(SIZE);
      ctx.emit("teleported", { seatId, x: player.x, y: player.y });
    },
  },
});

export default game;

// Players for `npx scenario loadtest` (docs/authoring.md, "Load test"): each time its seat is due,
// a bot steers toward the coin with continuous input, and now and then, when the coin is far off,
// spends a teleport; once the race is won (gameOver, asked first) it sends nothing.
export const bots: ScenarioBots<typeof game> = {
  gameOver: ({ state }) => Boolean(state?.winner),
  act({ seatId, state, random }) {
    const me = state?.players[seatId];
    if (!state || !me) return null;
    const dx = state.coin.x - me.x;
    const dy = state.coin.y - me.y;
    const far = Math.abs(dx) + Math.abs(dy) > SIZE;
    if (far && (state.teleportsLeft[seatId] ?? 0) > 0 && random() < 0.25) return { action: "teleport" };
    return { input: { dx: Math.sign(dx), dy: Math.sign(dy) } };
  },
};
