import { splitHandlers } from "./describe-game";
import { SeededRandom } from "./random";
import { copyState, settleState } from "./state";
import type {
  ActionHandler,
  GameDefinition,
  GameEvent,
  LogicContext,
  LogicInput,
  LogicResult,
  PendingDeadline,
  Presence,
  PresenceChange,
} from "./types";

/**
 * Runs one piece of scenario code against a copy of the state and reports everything it changed.
 * The same functions run inside the room's sandboxed isolate and in the browser's solo mode, so a
 * game behaves the same in both. Exceptions propagate: the caller keeps its old state (rollback).
 */

interface ContextOptions {
  /** Inside `actions` randomness is refused: they also run on clients, as predictions. */
  allowRandom: boolean;
  events: GameEvent[];
}

export function makeContext(
  input: LogicInput,
  rng: SeededRandom,
  deadlines: Record<string, PendingDeadline>,
  options: ContextOptions,
): LogicContext {
  const serverRandom = rng.asRandom();
  const refuse = () => {
    throw new Error("ctx.random is not available in actions (they must be deterministic): use a serverAction");
  };
  const random = options.allowRandom
    ? serverRandom
    : Object.assign(refuse, { int: refuse, pick: refuse, shuffle: refuse } as unknown as typeof serverRandom);
  let presence: Presence | undefined;
  return {
    playerId: input.playerId,
    players: input.players,
    // Worked out on first read: most actions never look at it.
    get presence() {
      presence ??= presenceOf(input);
      return presence;
    },
    gameTime: input.gameTime,
    tick: input.tick,
    inputs: input.inputs,
    random,
    emit(name, data) {
      if (typeof name !== "string" || name === "") throw new TypeError("ctx.emit needs an event name");
      options.events.push(data === undefined ? { name } : { name, data });
    },
    setDeadline(name, atGameTime, data) {
      if (typeof name !== "string" || name === "") throw new TypeError("ctx.setDeadline needs a deadline name");
      if (!Number.isFinite(atGameTime)) throw new TypeError("ctx.setDeadline needs a finite game time");
      deadlines[name] = data === undefined ? { at: atGameTime } : { at: atGameTime, data };
    },
    clearDeadline(name) {
      delete deadlines[name];
    },
  };
}

/** ctx.presence: the room's presence, each handler its own copy. */
function presenceOf({ presence, players }: LogicInput): Presence {
  const online = [...presence.online];
  const seen = [...presence.seen];
  return { online, seen, allSeen: players.every((seat) => seen.includes(seat.id)) };
}

function begin(input: LogicInput) {
  return {
    rng: new SeededRandom(input.rng),
    deadlines: { ...input.deadlines },
    events: [] as GameEvent[],
    serverEvents: [] as GameEvent[],
  };
}

export async function runSetup(game: GameDefinition, input: LogicInput): Promise<LogicResult> {
  const run = begin(input);
  const ctx = makeContext(input, run.rng, run.deadlines, { allowRandom: true, events: run.serverEvents });
  const state = typeof game.setup === "function" ? await game.setup({ players: input.players, ctx }) : {};
  return {
    state: state === undefined ? {} : state,
    events: [],
    serverEvents: run.serverEvents,
    rng: run.rng.state,
    deadlines: run.deadlines,
  };
}

/** No handler of that name in `actions` or `serverActions`. */
export class UnknownActionError extends Error {
  override name = "UnknownActionError";
}

/** actions[name] on the state being built: the deterministic part, which clients also run as a prediction. */
function applyPredicted(
  handler: ActionHandler,
  state: unknown,
  payload: unknown,
  input: LogicInput,
  run: ReturnType<typeof begin>,
): unknown {
  const ctx = makeContext(input, run.rng, run.deadlines, { allowRandom: false, events: run.events });
  return settleState(state, handler(state, payload, ctx));
}

/**
 * A client's prediction of an action: actions[name] alone, synchronous, on a copy of the state.
 * null when the action has no predicted part (a serverAction only). Exceptions propagate.
 */
export function runPrediction(game: GameDefinition, name: string, payload: unknown, input: LogicInput): unknown {
  const predicted = splitHandlers(game).actions[name];
  if (!predicted) return null;
  return applyPredicted(predicted, copyState(input.state), payload, input, begin(input));
}

/** actions[name] (predicted on clients) then serverActions[name] (server only), in one step. */
export async function runAction(
  game: GameDefinition,
  name: string,
  payload: unknown,
  input: LogicInput,
): Promise<LogicResult> {
  const { actions, serverActions } = splitHandlers(game);
  const predicted = actions[name];
  const serverSide = serverActions[name];
  if (!predicted && !serverSide) throw new UnknownActionError(`Unknown action: ${name}`);
  const run = begin(input);
  let state = copyState(input.state);
  if (predicted) state = applyPredicted(predicted, state, payload, input, run);
  if (serverSide) {
    const ctx = makeContext(input, run.rng, run.deadlines, { allowRandom: true, events: run.serverEvents });
    state = settleState(state, await serverSide(state, payload, ctx));
  }
  return { state, events: run.events, serverEvents: run.serverEvents, rng: run.rng.state, deadlines: run.deadlines };
}

export async function runTick(game: GameDefinition, input: LogicInput): Promise<LogicResult> {
  const run = begin(input);
  let state = copyState(input.state);
  if (typeof game.update === "function") {
    const ctx = makeContext(input, run.rng, run.deadlines, { allowRandom: true, events: run.events });
    state = settleState(state, await game.update({ state, ctx }));
  }
  return { state, events: run.events, serverEvents: run.serverEvents, rng: run.rng.state, deadlines: run.deadlines };
}

export async function runDeadline(
  game: GameDefinition,
  name: string,
  data: unknown,
  input: LogicInput,
): Promise<LogicResult> {
  const handler = game.deadlines?.[name];
  if (typeof handler !== "function") throw new Error(`No deadline handler named ${name}`);
  const run = begin(input);
  const ctx = makeContext(input, run.rng, run.deadlines, { allowRandom: true, events: run.events });
  let state = copyState(input.state);
  state = settleState(state, await handler(state, ctx, data));
  return { state, events: run.events, serverEvents: run.serverEvents, rng: run.rng.state, deadlines: run.deadlines };
}

/** onPresence after one seat's presence changed; a game without it keeps its state. */
export async function runPresence(
  game: GameDefinition,
  change: PresenceChange,
  input: LogicInput,
): Promise<LogicResult> {
  const run = begin(input);
  let state = copyState(input.state);
  if (typeof game.onPresence === "function") {
    const ctx = makeContext(input, run.rng, run.deadlines, { allowRandom: true, events: run.events });
    state = settleState(state, await game.onPresence({ state, ctx, seatId: change.seatId, online: change.online }));
  }
  return { state, events: run.events, serverEvents: run.serverEvents, rng: run.rng.state, deadlines: run.deadlines };
}
