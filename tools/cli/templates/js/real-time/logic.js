// Real-time example: a tick loop moves every player by their latest continuous input (__input);
// the server places coins at random; a serverAction teleports a player to a random spot, another
// starts the next race once one is won.
// Randomness lives in update() and serverActions only: they run on the server, never as predictions.
// The race starts once every seat has been online (ctx.presence): nobody collects coins alone.

export const SIZE = 20;
export const SPEED = 0.5;
export const COINS_TO_WIN = 5;

function placeCoin(state, ctx) {
  state.coin = { x: ctx.random.int(SIZE), y: ctx.random.int(SIZE) };
}

/** Everyone back at the start line with no coins and both teleports, and a new coin. */
function startRace(state, ctx) {
  Object.keys(state.players).forEach((seatId, index) => {
    state.players[seatId] = { x: index * 3, y: 0, score: 0 };
    state.teleportsLeft[seatId] = 2;
  });
  state.winner = null;
  placeCoin(state, ctx);
}

const clamp = (value) => Math.min(SIZE - 1, Math.max(0, value));
const direction = (value) =>
  typeof value === "number" && Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : 0;

export default {
  tickRate: 10,

  setup({ players, ctx }) {
    const state = { players: {}, coin: null, winner: null, teleportsLeft: {} };
    for (const seat of players) state.players[seat.id] = null;
    startRace(state, ctx);
    return state;
  },

  update({ state, ctx }) {
    if (state.winner || !ctx.presence.allSeen) return;
    for (const [seatId, player] of Object.entries(state.players)) {
      const input = ctx.inputs[seatId] ?? {};
      player.x = clamp(player.x + direction(input.dx) * SPEED);
      player.y = clamp(player.y + direction(input.dy) * SPEED);
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
      if ((state.teleportsLeft[ctx.playerId] ?? 0) <= 0) throw new Error("No teleports left");
      state.teleportsLeft[ctx.playerId] -= 1;
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
      const player = state.players[ctx.playerId];
      player.x = ctx.random.int(SIZE);
      player.y = ctx.random.int(SIZE);
      ctx.emit("teleported", { seatId: ctx.playerId, x: player.x, y: player.y });
    },
  },
};

// Players for `npx scenario loadtest` (docs/authoring.md, "Load test"): each time its seat is due,
// a bot steers toward the coin with continuous input, and now and then, when the coin is far off,
// spends a teleport; once the race is won (gameOver, asked first) it sends nothing.
export const bots = {
  gameOver: ({ state }) => Boolean(state?.winner),
  act({ seatId, state, random }) {
    const me = state?.players?.[seatId];
    if (!me || !state.coin) return null;
    const dx = state.coin.x - me.x;
    const dy = state.coin.y - me.y;
    const far = Math.abs(dx) + Math.abs(dy) > SIZE;
    if (far && (state.teleportsLeft[seatId] ?? 0) > 0 && random() < 0.25) return { action: "teleport", payload: {} };
    return { input: { dx: Math.sign(dx), dy: Math.sign(dy) } };
  },
};
