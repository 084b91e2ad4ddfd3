import type { RoomForOperator } from "../../src/app-ports/operator-rooms";
import { CLOSE_CODES } from "../../src/engine/protocol";
import { errorResponse } from "../../src/worker-kit/errors";
import type { RoomHost } from "./room-host";
import { RoomStorage } from "./room-storage";

/** The room as an operator sees it; null for a room no connection ever reached (it has no record). */
export function roomForOperator(host: RoomHost): RoomForOperator | null {
  const core = host.restoredCore();
  if (!core) return null;
  const { record } = core;
  return {
    started: record.started,
    closed: record.closed ?? null,
    paused: record.paused ? { by: record.paused.by, operator: record.paused.operator === true } : null,
    frozen: core.stats().frozen,
    seats: (record.roster ?? []).map((seat) => seat.id),
    seatsOnline: core.presence().online,
    connections: host.openSockets().length,
    lastActivityAt: record.lastActivityAt ?? null,
  };
}

/** An operator holds or lifts the room's pause; null for a room with no record. */
export async function pauseByOperator(host: RoomHost, paused: boolean): Promise<RoomForOperator | null> {
  const core = host.restoredCore();
  if (!core) return null;
  const outcome = await host.guard(null, () => core.operator({ pause: paused }));
  if (outcome) host.deliver(null, outcome);
  return roomForOperator(host);
}

/**
 * An operator closes the room: its seats hear the message, then every socket closes with
 * CLOSE_CODES.roomClosed, and later connections are refused (closedRoomRefusal). Null for a room
 * with no record.
 */
export async function closeByOperator(host: RoomHost, message: string): Promise<RoomForOperator | null> {
  const core = host.restoredCore();
  if (!core) return null;
  const outcome = await host.guard(null, () => core.operator({ close: message }));
  if (outcome) host.deliver(null, outcome);
  for (const ws of host.openSockets()) {
    await host.closeSocket(ws, { code: CLOSE_CODES.roomClosed, reason: "room closed by an operator" });
  }
  return roomForOperator(host);
}

/** 410 `room_closed` for a connection to a room an operator closed; null otherwise. */
export function closedRoomRefusal(storage: DurableObjectStorage): Response | null {
  const closed = RoomStorage.read(storage)?.closed;
  if (!closed) return null;
  return errorResponse(410, "room_closed", `This room was closed by an operator: ${closed.message}`);
}
