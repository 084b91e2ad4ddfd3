/**
 * State patching. Reducers get a private copy of the state and may change it in place or return
 * the next state; either way the result must survive JSON, since it travels over WebSockets and
 * into storage.
 */

export class StateError extends Error {}

/** A deep copy that a reducer may change freely. */
export function copyState<T>(state: T): T {
  return state === undefined ? state : structuredClone(state);
}

/** The state after a reducer ran on `draft` and returned `returned`. */
export function settleState(draft: unknown, returned: unknown): unknown {
  return returned === undefined ? draft : returned;
}

/** Serializes a state, refusing what JSON would silently change (functions, undefined, NaN, cycles). */
export function stateToJson(state: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(state, (_key, value) => {
      if (typeof value === "function" || typeof value === "symbol") throw new StateError("state holds a function");
      if (typeof value === "number" && !Number.isFinite(value)) throw new StateError("state holds a non-finite number");
      return value;
    });
  } catch (error) {
    if (error instanceof StateError) throw error;
    throw new StateError(`state is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (json === undefined) throw new StateError("state is undefined");
  return json;
}
