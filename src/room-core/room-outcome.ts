import { realTimeOf } from "../engine/game-clock";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";
import type { RoomOutcome } from "./types";

/** What the host does after an operation: its frames, the storage need, the next wake, the tick loop. */
export function outcomeOf(room: RoomContext, out: OutcomeBuilder): RoomOutcome {
  return {
    toSender: out.toSender,
    broadcast: out.broadcast,
    toOthers: out.toOthers,
    nextDeadline: nextWake(room),
    tickRate: room.logic.tickRate,
    started: room.record.started,
    frozen: room.frozen,
    persist: out.persist,
    closeSender: out.closeSender,
  };
}

/**
 * Real time of the room's next wake for the core: the next deadline (none while the clock stands
 * still) or the end of a seat's grace, whichever comes first; null when neither.
 */
export function nextWake(room: RoomContext): number | null {
  const { record } = room;
  const grace = room.graces.earliest();
  if (!record.started) return grace;
  const next = Math.min(...Object.values(record.deadlines).map((d) => d.at));
  const deadline = Number.isFinite(next) ? realTimeOf(record.clock, next, room.now()) : null;
  if (deadline === null || grace === null) return deadline ?? grace;
  return Math.min(deadline, grace);
}
