import type { PresenceChange } from "../engine/types";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";
import { runForAll } from "./server-runs";

/**
 * Runs the game's onPresence once per change of a seat's presence, in order, each with its own
 * rollback; each result goes to all as an __action_result naming the change (server-runs.ts).
 * A game without onPresence costs no call.
 */
export async function runPresenceChanges(
  room: RoomContext,
  changes: readonly PresenceChange[],
  out: OutcomeBuilder,
): Promise<void> {
  if (changes.length === 0 || !(await room.logic.describe()).hasOnPresence) return;
  for (const change of changes) {
    const call = { kind: "presence", change, input: room.logicInput(null) } as const;
    await runForAll(room, call, "onPresence threw; its changes rolled back", { presence: change }, out);
  }
}
