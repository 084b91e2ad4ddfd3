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

export function describeGame(game: GameDefinition): GameDescription {
  const { actions, serverActions } = splitHandlers(game);
  const tickRate = typeof game.tickRate === "number" && game.tickRate > 0 ? Math.min(game.tickRate, 60) : 0;
  return {
    actions: Object.keys(actions),
    serverActions: Object.keys(serverActions),
    deadlines: Object.keys(game.deadlines ?? {}).filter((name) => typeof game.deadlines?.[name] === "function"),
    tickRate,
    hasUpdate: typeof game.update === "function",
    hasOnPresence: typeof game.onPresence === "function",
  };
}
