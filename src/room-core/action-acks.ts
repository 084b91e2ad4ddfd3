import type { ConnectionInfo, RoomRecord } from "./types";

/** Clients whose last applied seq a room keeps; the oldest is forgotten beyond it (bounded record). */
export const MAX_CLIENTS_REMEMBERED = 256;

/**
 * Notes an applied action of a client in the room record, beside the state it changed, so both
 * reach storage in the same write: after a restart the record tells each client which of its
 * actions the restored state holds (documented in docs/rooms.md, "After a restart").
 */
export function noteApplied(record: RoomRecord, connection: ConnectionInfo, seq: number): void {
  const clientId = connection.clientId;
  if (!clientId) return;
  const seqs = record.lastSeqs ?? {};
  const known = clientId in seqs;
  // Deleted first, so the client moves to the end: the first key is the one longest unheard.
  delete seqs[clientId];
  seqs[clientId] = seq;
  record.lastSeqs = seqs;
  // Only a new client can push the record over its bound: an action of a known one costs no scan.
  if (known) return;
  const keys = Object.keys(seqs);
  for (const stale of keys.slice(0, Math.max(0, keys.length - MAX_CLIENTS_REMEMBERED))) delete seqs[stale];
}

/** The seq of the client's last action the room holds; null when it holds none (or the client sent no id). */
export function lastAppliedSeq(record: RoomRecord, connection: ConnectionInfo): number | null {
  const clientId = connection.clientId;
  return clientId ? (record.lastSeqs?.[clientId] ?? null) : null;
}
