// What an operation changed in the state (the harness's time travel), or how a replay's state differs
// from the recorded one (replay-run.ts): the structural diff of two states (microdiff), one line
// per changed path.
import diff from "microdiff";

export interface StateChange {
  /** "board.4", "players.p1.x"; "(state)" for the whole state. */
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

/** At most this many changes are listed; a bigger diff says how many it left out. */
export const MAX_CHANGES = 200;

export function stateChanges(before: unknown, after: unknown): StateChange[] {
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [{ path: "(state)", kind: "changed", before, after }];
  }
  return diff(before, after).map((difference) => {
    const path = difference.path.join(".");
    if (difference.type === "CREATE") return { path, kind: "added", after: difference.value };
    if (difference.type === "REMOVE") return { path, kind: "removed", before: difference.oldValue };
    return { path, kind: "changed", before: difference.oldValue, after: difference.value };
  });
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}
