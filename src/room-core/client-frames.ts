import { type ClientMessage, PONG_FRAME } from "../engine/protocol";
import { INPUT_RATE_PER_SECOND } from "./connections";
import type { ConnectionLog } from "./frame-refusals";
import type { OutcomeBuilder } from "./outcome";
import { seatOf, type VoiceReport } from "./presence";
import type { RoomContext } from "./room-context";
import type { ConnectionInfo } from "./types";

/**
 * A client frame other than an action (those go through action-runs.ts) on its turn: a continuous
 * input, the emergency pause, a platform message, a request for the state, a heartbeat.
 */
export function handleClientMessage(
  room: RoomContext,
  logAbout: ConnectionLog,
  connection: ConnectionInfo,
  message: ClientMessage,
  out: OutcomeBuilder,
) {
  switch (message.type) {
    case "__input":
      if (!room.connections.acceptInput(connection, message.data, room.record.roster, room.now())) {
        logAbout(connection, "input_dropped", "warn", "input over the rate limit dropped", {
          limit: INPUT_RATE_PER_SECOND,
        });
      } else if (room.recording.on && seatOf(connection, room.record.roster)) {
        room.recording.note({ kind: "input", seat: connection.playerId, data: message.data });
      }
      return;
    case "__action":
      return; // queued apart: action-runs.ts
    case "__pause":
      return room.freeze.setPaused(connection, true, out);
    case "__resume":
      return room.freeze.setPaused(connection, false, out);
    case "__platform":
      return handlePlatform(room, logAbout, connection, message.message, out);
    case "__request_state":
      out.toSender.push(room.stateFrame(connection));
      return;
    case "__ping":
      // The runtime answers the exact heartbeat frame; any other spelling reaches the room, and
      // counts as a heartbeat reply all the same.
      connection.lastHeartbeat = room.now();
      out.toSender.push(PONG_FRAME);
      return;
  }
}

/** Frames that may change the room; a heartbeat or a request for the state changes nothing. */
export function changesRoom(message: ClientMessage): boolean {
  return message.type !== "__ping" && message.type !== "__request_state";
}

function handlePlatform(
  room: RoomContext,
  logAbout: ConnectionLog,
  connection: ConnectionInfo,
  message: { type: string; payload?: unknown },
  out: OutcomeBuilder,
) {
  if (connection.monitor) return;
  if (message.type === "pause.request") return room.freeze.setPaused(connection, true, out);
  if (message.type === "pause.resume") return room.freeze.setPaused(connection, false, out);
  if (message.type === "voice.report") {
    const report = message.payload ?? {};
    if (typeof report !== "object" || Array.isArray(report)) return;
    room.connections.reportVoice(connection.connectionId, report as VoiceReport);
    out.broadcast.push(room.presenceFrame());
    return;
  }
  logAbout(connection, "unknown_platform", "info", "unknown platform message ignored", {
    platformType: message.type,
  });
}
