import { and, eq, isNull, lt } from "drizzle-orm";
import { type CookieAttributes, isLocalOrigin, readCookie, serializeCookie } from "../../../src/auth/cookies";
import { randomToken, sha256Hex } from "../../../src/auth/crypto";
import { type BaseUrl, urlFor } from "../../../src/base-url";
import { operatorSessions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";

/** The console's cookie: host-only on the backend's host, under {API_URL}/admin only. */
export const CONSOLE_COOKIE = "admin_console";
/** A console sign-in lasts at most an operator's working day... */
export const CONSOLE_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** ...and ends after half an hour without a page. */
export const CONSOLE_SESSION_IDLE_MS = 30 * 60 * 1000;
/** How often a page writes the session's last use back (its idle clock is that coarse). */
const SEEN_WRITE_EVERY_MS = 60 * 1000;

/** A live console sign-in. */
export interface ConsoleSession {
  id: string;
  operatorUid: string;
  operatorEmail: string | null;
  /** The provider sign-in it came from (seconds): revoked sign-ins end it. */
  authTime: number;
  /** The token every form of the session carries. */
  csrfToken: string;
}

/**
 * The operator console's sign-ins (BACKEND_DB operator_sessions): a random cookie whose SHA-256
 * names the row, so a leaked table cannot be replayed as a cookie. SameSite=Strict: no page of
 * another site ever sends it, not even on a link; such a visit signs in again through the SSO
 * session, which takes one round trip.
 */
export class ConsoleSessions {
  private readonly db: ReturnType<typeof backendDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  /** A new sign-in of the operator; answers the cookie's value. Sign-ins over a day past their end are dropped. */
  async create(operator: { uid: string; email: string | null; authTime: number }): Promise<string> {
    const cookie = randomToken();
    const now = this.now();
    await this.db.batch([
      this.db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, new Date(now - 24 * 60 * 60 * 1000))),
      this.db.insert(operatorSessions).values({
        id: crypto.randomUUID(),
        keyHash: await sha256Hex(cookie),
        operatorUid: operator.uid,
        operatorEmail: operator.email,
        authTime: operator.authTime,
        csrfToken: randomToken(),
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + CONSOLE_SESSION_MAX_MS),
      }),
    ]);
    return cookie;
  }

  /** The live sign-in behind a cookie (not ended, not past its end, not idle too long); its use is noted. */
  async read(cookie: string | null): Promise<ConsoleSession | null> {
    if (!cookie) return null;
    const row = await this.db
      .select()
      .from(operatorSessions)
      .where(and(eq(operatorSessions.keyHash, await sha256Hex(cookie)), isNull(operatorSessions.endedAt)))
      .get();
    const now = this.now();
    if (!row || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() >= CONSOLE_SESSION_IDLE_MS)
      return null;
    if (now - row.lastSeenAt.getTime() >= SEEN_WRITE_EVERY_MS) {
      await this.db
        .update(operatorSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(operatorSessions.id, row.id));
    }
    return {
      id: row.id,
      operatorUid: row.operatorUid,
      operatorEmail: row.operatorEmail,
      authTime: row.authTime,
      csrfToken: row.csrfToken,
    };
  }

  async end(id: string): Promise<void> {
    await this.db
      .update(operatorSessions)
      .set({ endedAt: new Date(this.now()) })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.endedAt)));
  }
}

/** The cookie's attributes: HttpOnly, SameSite=Strict, Secure except on loopback, Path {API path}/admin. */
export function consoleCookieAttributes(backend: BaseUrl): CookieAttributes {
  return {
    path: new URL(urlFor(backend, "/admin")).pathname,
    domain: null,
    secure: !isLocalOrigin(backend.origin),
    httpOnly: true,
    sameSite: "Strict",
  };
}

export function consoleCookie(backend: BaseUrl, value: string): string {
  return serializeCookie(CONSOLE_COOKIE, value, consoleCookieAttributes(backend), CONSOLE_SESSION_MAX_MS / 1000);
}

export function expiredConsoleCookie(backend: BaseUrl): string {
  return serializeCookie(CONSOLE_COOKIE, "", consoleCookieAttributes(backend), 0);
}

export function consoleCookieOf(header: string | undefined): string | null {
  return readCookie(header, CONSOLE_COOKIE);
}
