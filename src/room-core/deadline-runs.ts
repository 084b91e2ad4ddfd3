import type { PendingDeadline } from "../engine/types";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";
import { runForAll } from "./server-runs";
import type { RoomRecord } from "./types";

const MAX_DEADLINES_PER_FIRING = 100;

/**
 * Runs every deadline whose game time has come, earliest first, each with its own rollback (a
 * handler that throws is logged and its changes are dropped). Each is re-read right before it runs,
 * so a duplicate alarm finds nothing due and does nothing.
 */
export async function fireDueDeadlines(room: RoomContext, out: OutcomeBuilder): Promise<void> {
  const known = new Set((await room.logic.describe()).deadlines);
  for (let fired = 0; fired < MAX_DEADLINES_PER_FIRING; fired++) {
    const due = earliestDueDeadline(room.record.deadlines, room.gameTime());
    if (!due) return;
    const [name, deadline] = due;
    await fireDeadline(room, name, deadline, known, out);
  }
}

/**
 * Takes one pending deadline off the record and runs its handler now, at the game time the room
 * reads now; a deadline with no handler is dropped with a warning. `operator`: the inspector fired
 * it before it came due (inspector-acts.ts).
 */
export async function fireDeadline(
  room: RoomContext,
  name: string,
  deadline: PendingDeadline,
  known: Set<string>,
  out: OutcomeBuilder,
  operator = false,
): Promise<void> {
  const { [name]: _, ...remaining } = room.record.deadlines;
  room.record.deadlines = remaining;
  out.persistAt("batched");
  const marks = operator ? { operator: true as const } : {};
  if (!known.has(name)) {
    room.log("warn", "deadline has no handler; dropped", { deadline: name });
    room.recording.note({
      kind: "deadline",
      name,
      data: deadline.data,
      ok: false,
      events: [],
      serverEvents: [],
      ...marks,
    });
    return;
  }
  const call = { kind: "deadline", name, data: deadline.data, input: room.logicInput(null) } as const;
  await runForAll(room, call, "deadline handler threw; its changes rolled back", { deadline: name }, out, marks);
}

/** The deadline whose game time has come first, with its name, or undefined when none is due. */
export function earliestDueDeadline(deadlines: RoomRecord["deadlines"], gameTime: number) {
  return Object.entries(deadlines)
    .filter(([, deadline]) => deadline.at <= gameTime)
    .sort(([, a], [, b]) => a.at - b.at)[0];
}
