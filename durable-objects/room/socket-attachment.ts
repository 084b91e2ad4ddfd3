import type { ConnectionInfo } from "../../src/room-core/types";

/**
 * What a room keeps on each WebSocket (serializeAttachment), so it outlives hibernation: the
 * connection as the core knows it, and the id of the request that opened it, which every log line
 * about the socket carries. The only place that reads or writes attachments.
 */
export interface SocketAttachment extends ConnectionInfo {
  requestId?: string;
}

export function readAttachment(ws: WebSocket): SocketAttachment {
  return ws.deserializeAttachment() as SocketAttachment;
}

export function writeAttachment(ws: WebSocket, attachment: SocketAttachment): void {
  ws.serializeAttachment(attachment);
}

/** Keeps what the core learnt of a connection (a heartbeat it answered, a quiet observer) on its socket. */
export function updateAttachment(ws: WebSocket, stored: SocketAttachment, live: ConnectionInfo | undefined): void {
  if (!live) return;
  if (live.lastHeartbeat === stored.lastHeartbeat && live.quietObserver === stored.quietObserver) return;
  writeAttachment(ws, { ...live, ...(stored.requestId ? { requestId: stored.requestId } : {}) });
}
