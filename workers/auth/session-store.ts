import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { randomToken, sha256Hex } from "../../src/auth/crypto";
import {
  isRefreshDue,
  isSessionAlive,
  newSession,
  SESSION_LIFETIME_SECONDS,
  SESSION_TOMBSTONE_TTL_SECONDS,
  type SessionRecord,
  touched,
} from "../../src/auth/session";
import { ssoSessions } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";
import { currentLog } from "../../src/worker-kit/request-log";

/** One entry of a person's session list. */
export interface SessionSummary {
  id: string;
  createdAt: number;
  lastUsedAt: number;
  userAgentFamily: string;
}

/**
 * SSO sessions. The record lives in KV under the SHA-256 of the cookie value (a leaked listing
 * cannot be replayed as a cookie); AUTH_DB keeps a per-user index (`sso_sessions`) so a person can
 * list and end their sessions.
 *
 * Ending a session writes a tombstone `ended:<hash>` before deleting the record, and every read
 * looks at both keys. KV has no compare-and-set, so a read that overlaps a logout may still write
 * the record back; the tombstone, which no read ever writes, keeps such a record dead.
 */
export class SessionStore {
  private readonly db: ReturnType<typeof authDb>;

  constructor(
    private readonly kv: KVNamespace,
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  /** A new session of uid, signed in at the provider at `authTime` (seconds; the ID token's auth_time). */
  async create(cookieValue: string, uid: string, userAgentFamily: string, authTime: number): Promise<SessionRecord> {
    const hash = await sha256Hex(cookieValue);
    const session = newSession(randomToken(), uid, this.now(), userAgentFamily, authTime);
    // Indexed first: a session that exists is always one "end all" can find.
    await this.db.insert(ssoSessions).values({
      id: session.id,
      keyHash: hash,
      idpUid: uid,
      createdAt: new Date(session.createdAt),
      lastUsedAt: new Date(session.lastAccessedAt),
      userAgentFamily,
    });
    await this.kv.put(sessionKey(hash), JSON.stringify(session), { expirationTtl: SESSION_LIFETIME_SECONDS });
    return session;
  }

  /**
   * The live session behind a cookie. A read writes it back (new last access, 400 days again) at
   * most once an hour; every other read costs two KV reads and no write.
   */
  async read(cookieValue: string): Promise<SessionRecord | null> {
    const hash = await sha256Hex(cookieValue);
    const [session, tombstone] = await Promise.all([
      this.kv.get<SessionRecord>(sessionKey(hash), "json"),
      this.kv.get(tombstoneKey(hash)),
    ]);
    const now = this.now();
    if (tombstone !== null || !session || typeof session.id !== "string" || !isSessionAlive(session, now)) return null;
    if (!isRefreshDue(session, now)) return session;
    const next = touched(session, now);
    try {
      await this.kv.put(sessionKey(hash), JSON.stringify(next), { expirationTtl: SESSION_LIFETIME_SECONDS });
      await this.db
        .update(ssoSessions)
        .set({ lastUsedAt: new Date(now) })
        .where(and(eq(ssoSessions.keyHash, hash), isNull(ssoSessions.endedAt)));
    } catch (error) {
      // KV allows about one write per second per key; a refused refresh must not fail sign-in.
      currentLog().warn("session refresh not written", { error: String(error) });
    }
    return next;
  }

  /** Ends the session behind a cookie (logout, or replacement at sign-in). */
  async end(cookieValue: string): Promise<void> {
    await this.endHashes([await sha256Hex(cookieValue)]);
  }

  /** The person's live sessions, most recently used first. */
  async list(uid: string): Promise<SessionSummary[]> {
    const rows = await this.db
      .select()
      .from(ssoSessions)
      .where(and(eq(ssoSessions.idpUid, uid), isNull(ssoSessions.endedAt), gt(ssoSessions.lastUsedAt, this.oldest())))
      .all();
    return rows
      .map((row) => ({
        id: row.id,
        createdAt: row.createdAt.getTime(),
        lastUsedAt: row.lastUsedAt.getTime(),
        userAgentFamily: row.userAgentFamily,
      }))
      .sort((a, b) => b.lastUsedAt - a.lastUsedAt);
  }

  /** Ends one session of uid by its public id; false when uid has no such live session. */
  async endById(uid: string, id: string): Promise<boolean> {
    const row = await this.db
      .select({ keyHash: ssoSessions.keyHash })
      .from(ssoSessions)
      .where(and(eq(ssoSessions.id, id), eq(ssoSessions.idpUid, uid), isNull(ssoSessions.endedAt)))
      .get();
    if (!row) return false;
    await this.endHashes([row.keyHash]);
    return true;
  }

  /** Ends every session of uid; answers how many were live. */
  async endAll(uid: string): Promise<number> {
    const rows = await this.db
      .select({ keyHash: ssoSessions.keyHash })
      .from(ssoSessions)
      .where(and(eq(ssoSessions.idpUid, uid), isNull(ssoSessions.endedAt)))
      .all();
    await this.endHashes(rows.map((row) => row.keyHash));
    return rows.length;
  }

  /** Ends every session of uid but the one with id `keep` (the asking browser's); answers how many ended. */
  async endOthers(uid: string, keep: string): Promise<number> {
    const rows = await this.db
      .select({ keyHash: ssoSessions.keyHash })
      .from(ssoSessions)
      .where(and(eq(ssoSessions.idpUid, uid), isNull(ssoSessions.endedAt), ne(ssoSessions.id, keep)))
      .all();
    await this.endHashes(rows.map((row) => row.keyHash));
    return rows.length;
  }

  /** Tombstones first (what makes the end stick), then the records go, then the index says so. */
  private async endHashes(hashes: readonly string[]): Promise<void> {
    if (hashes.length === 0) return;
    const ended = String(this.now());
    await Promise.all(
      hashes.map((hash) => this.kv.put(tombstoneKey(hash), ended, { expirationTtl: SESSION_TOMBSTONE_TTL_SECONDS })),
    );
    await Promise.all(hashes.map((hash) => this.kv.delete(sessionKey(hash))));
    try {
      for (let start = 0; start < hashes.length; start += 50) {
        await this.db
          .update(ssoSessions)
          .set({ endedAt: new Date(this.now()) })
          .where(and(inArray(ssoSessions.keyHash, hashes.slice(start, start + 50)), isNull(ssoSessions.endedAt)));
      }
    } catch (error) {
      // The sessions are over (tombstoned); only the list may show them as live a while longer.
      currentLog().warn("ended sessions not marked in the index", { error: String(error) });
    }
  }

  private oldest(): Date {
    return new Date(this.now() - SESSION_LIFETIME_SECONDS * 1000);
  }
}

function sessionKey(hash: string): string {
  return `session:${hash}`;
}

function tombstoneKey(hash: string): string {
  return `ended:${hash}`;
}
