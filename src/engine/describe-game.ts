import type { GameDefinition, GameDescription } from "./types";

/**
 * Old logic files mark server-only entries of `actions` with a serverOnly brand: a `serverOnly: true`
 * property on the function, or an object { serverOnly: true, fn | handler | run }. The server treats
 * them as serverActions until every revision is republished.
 */
export function serverOnlyHandler(entry: unknown): ((...args: any[]) => unknown) | null {
  if (typeof entry === "function")
    return (entry as { serverOnly?: unknown }).serverOnly === true ? (entry as never) : null;
  if (entry && typeof entry === "object" && (entry as { serverOnly?: unknown }).serverOnly === true) {
    const { fn, handler, run } = entry as Record<string, unknown>;
    const callable = [fn, handler, run].find((f) => typeof f === "function");
    return (callable as (...args: any[]) => unknown) ?? null;
  }
  return null;
}

/** Splits a game's handlers by where they run, legacy brand included. */
export function splitHandlers(game: GameDefinition) {
  const actions: Record<string, (...args: any[]) => unknown> = {};
  const serverActions: Record<string, (...args: any[]) => unknown> = {};
  for (const [name, entry] of Object.entries(game.actions ?? {})) {
    const legacy = serverOnlyHandler(entry);
    if (legacy) serverActions[name] = legacy;
    else if (typeof entry === "function") actions[name] = entry;
  }
  for (const [name, entry] of Object.entries(game.serverActions ?? {})) {
    if (typeof entry === "function") serverActions[name] = entry;
  }
  return { actions, serverActions };
}

/** Ticks a second a room runs at most (docs/rooms.md "Limits"): a higher tickRate is capped. */
export const MAX_TICK_RATE = 60;

/** A game's tickRate as a room runs it: 0 (no tick loop) unless a positive number, capped at MAX_TICK_RATE. */
export function tickRateOf(value: unknown): number {
  return typeof value === "number" && value > 0 ? Math.min(value, MAX_TICK_RATE) : 0;
}

export function describeGame(game: GameDefinition): GameDescription {
  const { actions, serverActions } = splitHandlers(game);
  const tickRate = tickRateOf(game.tickRate);
  return {
    actions: Object.keys(actions),
    serverActions: Object.keys(serverActions),
    deadlines: Object.keys(game.deadlines ?? {}).filter((name) => typeof game.deadlines?.[name] === "function"),
    tickRate,
    hasUpdate: typeof game.update === "function",
    hasOnPresence: typeof game.onPresence === "function",
  };
}
