import { sha256Hex } from "../../src/auth/crypto";
import {
  isSessionAlive,
  newSession,
  SESSION_LIFETIME_SECONDS,
  type SessionRecord,
  touched,
} from "../../src/auth/session";
import { currentLog } from "../shared/request-log";

/**
 * SSO sessions in KV. The key is the SHA-256 of the cookie value, so a leaked KV listing
 * cannot be replayed as a cookie.
 */
export class SessionStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly now: () => number,
  ) {}

  async create(cookieValue: string, uid: string): Promise<SessionRecord> {
    const session = newSession(uid, this.now());
    await this.kv.put(await keyOf(cookieValue), JSON.stringify(session), { expirationTtl: SESSION_LIFETIME_SECONDS });
    return session;
  }

  /** The live session behind a cookie; every read records the access and restarts the 400 days. */
  async read(cookieValue: string): Promise<SessionRecord | null> {
    const key = await keyOf(cookieValue);
    const session = await this.kv.get<SessionRecord>(key, "json");
    if (!session || !isSessionAlive(session, this.now())) return null;
    const next = touched(session, this.now());
    try {
      await this.kv.put(key, JSON.stringify(next), { expirationTtl: SESSION_LIFETIME_SECONDS });
    } catch (error) {
      // KV allows about one write per second per key; a refused refresh must not fail sign-in.
      currentLog().warn("session refresh not written", { error: String(error) });
    }
    return next;
  }

  async delete(cookieValue: string): Promise<void> {
    await this.kv.delete(await keyOf(cookieValue));
  }
}

async function keyOf(cookieValue: string): Promise<string> {
  return `session:${await sha256Hex(cookieValue)}`;
}
