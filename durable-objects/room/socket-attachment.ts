import type { ConnectionInfo } from "../../src/room-core/types";

/**
 * What a room keeps on each WebSocket (serializeAttachment), so it outlives hibernation: the
 * connection as the core knows it, and the id of the request that opened it, which every log line
 * about the socket carries. The only place that reads or writes attachments.
 */
export interface SocketAttachment extends ConnectionInfo {
  requestId?: string;
}

/**
 * The last attachment read or written per socket, while this instance lives: every frame reads
 * its socket's attachment, and deserializing it each time cost more than the rest of a frame's
 * bookkeeping (docs/decisions/0062-rooms-cpu-per-action.md "Rooms: CPU per action"). Its fields are primitives, so a
 * shallow copy is a full one: callers get their own copy, as from deserializeAttachment.
 */
const known = new WeakMap<WebSocket, SocketAttachment>();

export function readAttachment(ws: WebSocket): SocketAttachment {
  let attachment = known.get(ws);
  if (!attachment) {
    attachment = ws.deserializeAttachment() as SocketAttachment;
    known.set(ws, attachment);
  }
  return { ...attachment };
}

export function writeAttachment(ws: WebSocket, attachment: SocketAttachment): void {
  ws.serializeAttachment(attachment);
  known.set(ws, { ...attachment });
}

/** Keeps what the core learnt of a connection (a heartbeat it answered, a quiet observer) on its socket. */
export function updateAttachment(ws: WebSocket, stored: SocketAttachment, live: ConnectionInfo | undefined): void {
  if (!live) return;
  if (live.lastHeartbeat === stored.lastHeartbeat && live.quietObserver === stored.quietObserver) return;
  writeAttachment(ws, { ...live, ...(stored.requestId ? { requestId: stored.requestId } : {}) });
}
