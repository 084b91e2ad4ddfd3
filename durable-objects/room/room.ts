import { DurableObject } from "cloudflare:workers";

/**
 * One authoritative game room per (revisionId, roomId). This is the foundation shell: it proves
 * the SQLite-backed class, its storage and RPC; the room server issue fills in the protocol.
 */
export class Room extends DurableObject<Env> {
  /** When this room was first touched, kept in the room's own storage. */
  async createdAt(): Promise<number> {
    const stored = this.ctx.storage.kv.get<number>("createdAt");
    if (stored !== undefined) return stored;
    const now = Date.now();
    this.ctx.storage.kv.put("createdAt", now);
    return now;
  }
}
