import type { PresenceChange } from "../engine/types";
import { frames } from "./frames";
import type { LogicRoom } from "./logic-calls";
import type { OutcomeBuilder } from "./outcome";

/**
 * Runs the game's onPresence once per change of a seat's presence, in order, each with its own
 * rollback (a handler that throws is logged and its changes are dropped); each result goes to all
 * as an __action_result naming the change. A game without onPresence costs no call.
 */
export async function runPresenceChanges(
  room: LogicRoom,
  changes: readonly PresenceChange[],
  out: OutcomeBuilder,
): Promise<void> {
  if (changes.length === 0 || !(await room.logic.describe()).hasOnPresence) return;
  for (const change of changes) {
    const call = { kind: "presence", change, input: room.logicInput(null) } as const;
    const ran = await room.logic.run(call, "onPresence threw; its changes rolled back");
    if (!ran.ok) continue;
    room.adopt(ran.result);
    const { events, serverEvents } = ran.result;
    out.broadcast.push(
      frames.actionResult(ran.stateJson, {
        events,
        serverEvents,
        ack: null,
        gameTime: room.gameTime(),
        presence: change,
      }),
    );
    out.persistAt("batched");
  }
}
