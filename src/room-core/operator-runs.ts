import { OPERATOR_PAUSE_BY } from "../engine/protocol";
import { frames } from "./frames";
import { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";

/** What an operator does to a room from the console (document 3's platform pause, closing it). */
export type OperatorInput = { pause: boolean } | { close: string };

/** Runs an operator's input on the room: a pause held or lifted, or the room closed. */
export function runOperatorInput(room: RoomContext, input: OperatorInput): OutcomeBuilder {
  return "close" in input ? close(room, input.close) : pause(room, input.pause);
}

/**
 * An operator pauses or resumes the room: the platform pause of document 3, by OPERATOR_PAUSE_BY.
 * Seats cannot lift it (room-freeze.ts); resuming lifts any pause, a seat's too.
 */
function pause(room: RoomContext, paused: boolean): OutcomeBuilder {
  const out = new OutcomeBuilder();
  const { record } = room;
  if ((record.paused !== null) === paused && (!paused || record.paused?.operator)) return out;
  if (room.recording.on) room.recording.input({ kind: "operator", pause: paused });
  record.paused = paused ? { by: OPERATOR_PAUSE_BY, operator: true } : null;
  room.freeze.sync(out, OPERATOR_PAUSE_BY);
  room.recording.note({ kind: "pause", paused, by: OPERATOR_PAUSE_BY });
  out.broadcast.push(room.presenceFrame());
  out.persistAt("now");
  return out;
}

/**
 * An operator closes the room: every connection hears why (a `room.closed` platform message), the
 * record keeps it, and the host then closes every socket and accepts none again.
 */
function close(room: RoomContext, message: string): OutcomeBuilder {
  const out = new OutcomeBuilder();
  if (room.recording.on) room.recording.input({ kind: "operator", close: message });
  const { record } = room;
  if (!record.closed) record.closed = { at: room.now(), message };
  out.broadcast.push(frames.roomClosed(record.closed.message));
  out.persistAt("now");
  return out;
}
