import type { LogicCall } from "../engine/logic-runner";
import type { PresenceChange } from "../engine/types";
import { frames } from "./frames";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";

/**
 * One run of scenario code no client asked for (a deadline, onPresence): on success the room
 * adopts its result and every client gets it as an __action_result naming its cause; a handler
 * that throws is logged with `failure` and its changes are dropped (rollback). `marks` go to the
 * journal's note (an inspector's firing is the operator's).
 */
export async function runForAll(
  room: RoomContext,
  call: LogicCall,
  failure: string,
  cause: { deadline: string } | { presence: PresenceChange },
  out: OutcomeBuilder,
  marks: { operator?: true } = {},
): Promise<void> {
  const ran = await room.logic.run(call, failure);
  const noted =
    "deadline" in cause
      ? { kind: "deadline" as const, name: cause.deadline, data: call.kind === "deadline" ? call.data : null, ...marks }
      : { kind: "presence" as const, seat: cause.presence.seatId, online: cause.presence.online };
  if (!ran.ok) {
    room.recording.note({ ...noted, ok: false, events: [], serverEvents: [] });
    return;
  }
  room.adopt(ran.result);
  const { events, serverEvents } = ran.result;
  room.recording.note({ ...noted, ok: true, events, serverEvents });
  out.broadcast.push(
    frames.actionResult(ran.stateJson, { events, serverEvents, ack: null, gameTime: room.gameTime(), ...cause }),
  );
  out.persistAt("batched");
}
