import { stoppedClock } from "../engine/game-clock";
import type { Seat } from "../engine/types";
import { pinRoster, startGame } from "./game-start";
import { OutcomeBuilder } from "./outcome";
import { seatOf } from "./presence";
import { runPresenceChanges } from "./presence-runs";
import type { RoomContext } from "./room-context";
import type { ConnectionInfo } from "./types";

/**
 * A connection joins: one of the room's presence inputs (inputs.ts). The seat it plays comes
 * online if it was not; the start of the game counts as every online seat coming online, so
 * onPresence hears of each seat once the game runs.
 */
export async function join(room: RoomContext, info: ConnectionInfo, roster: Seat[] | null): Promise<OutcomeBuilder> {
  const { record } = room;
  if (room.recording.on) room.recording.input({ kind: "connect", connection: { ...info }, roster });
  record.lastActivityAt = room.now();
  const out = new OutcomeBuilder();
  if (roster) pinRoster(room, info, roster, out);
  room.connections.add(info);
  // Back within its grace: the seat never went offline.
  const seated = info.monitor ? null : seatOf(info, record.roster);
  if (seated) room.graces.cancel(seated.id);
  let changes = room.updatePresence(out);
  const { playerId: seat, connectionId, monitor } = info;
  const observer = seatOf(info, record.roster) === null;
  room.recording.note({ kind: "join", seat, connectionId, monitor, observer });
  if (!record.started && record.roster && (await startGame(room, out))) {
    record.clock = stoppedClock(0);
    room.freeze.syncClock();
    changes = room.presence().online.map((seatId) => ({ seatId, online: true }));
  }
  if (record.started) await room.logic.describe();
  room.freeze.sync(out, info.playerId);
  if (record.started) await runPresenceChanges(room, changes, out);
  out.toSender.unshift(room.stateFrame(info));
  out.broadcast.push(room.presenceFrame());
  return out;
}

/**
 * A connection leaves: the other presence input. When it was its seat's last, the seat's grace
 * starts (seat-grace.ts): it stays online until the room's alarm finds the grace over.
 */
export async function leave(room: RoomContext, connectionId: string): Promise<OutcomeBuilder> {
  const { record, connections } = room;
  const out = new OutcomeBuilder();
  const connection = connections.remove(connectionId, room.now());
  if (!connection) return out;
  if (room.recording.on) room.recording.input({ kind: "disconnect", connectionId });
  record.lastActivityAt = room.now();
  const seat = connection.monitor ? null : seatOf(connection, record.roster);
  if (seat && room.presence().online.includes(seat.id) && !connections.seatConnected(seat.id, record.roster))
    room.graces.start(seat.id, room.now());
  const changes = room.updatePresence(out);
  room.freeze.sync(out, connection.playerId);
  room.recording.note({ kind: "leave", seat: connection.playerId, connectionId });
  if (record.started) await runPresenceChanges(room, changes, out);
  out.broadcast.push(room.presenceFrame());
  if (connections.size === 0) out.persistAt("now");
  return out;
}

/** Seats whose grace ran out go offline: onPresence for each, presence to all. */
export async function endGraces(room: RoomContext, out: OutcomeBuilder): Promise<void> {
  room.graces.endDue(room.now());
  const changes = room.updatePresence(out);
  for (const { seatId } of changes) room.recording.note({ kind: "offline", seat: seatId });
  if (room.record.started) await runPresenceChanges(room, changes, out);
  out.broadcast.push(room.presenceFrame());
  out.persistAt(room.connections.size === 0 ? "now" : "batched");
}
