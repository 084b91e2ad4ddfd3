import { readCookie, serializeCookie } from "../../src/auth/cookies";
import { randomToken } from "../../src/auth/crypto";
import { SESSION_COOKIE, SESSION_LIFETIME_SECONDS, type SessionRecord } from "../../src/auth/session";
import type { AuthContext } from "./auth-env";

/**
 * Starts an SSO session for uid and sets its auth_session cookie on the response. A session the
 * browser already had is deleted: a new sign-in (another account, say) replaces it.
 */
export async function startSession(c: AuthContext, uid: string): Promise<void> {
  const { sessions, cookies } = c.get("auth");
  const previous = readCookie(c.req.header("cookie"), SESSION_COOKIE);
  if (previous) await sessions.delete(previous);
  const value = randomToken();
  await sessions.create(value, uid);
  c.header("set-cookie", serializeCookie(SESSION_COOKIE, value, cookies, SESSION_LIFETIME_SECONDS), { append: true });
}

/** The browser's live session (extending it), or null. */
export async function currentSession(c: AuthContext): Promise<SessionRecord | null> {
  const value = readCookie(c.req.header("cookie"), SESSION_COOKIE);
  if (!value) return null;
  const session = await c.get("auth").sessions.read(value);
  if (session) {
    // The cookie's own lifetime restarts with the stored one.
    const { cookies } = c.get("auth");
    c.header("set-cookie", serializeCookie(SESSION_COOKIE, value, cookies, SESSION_LIFETIME_SECONDS), { append: true });
  }
  return session;
}

/** Deletes the browser's session, if any, and expires its cookie. */
export async function endSession(c: AuthContext): Promise<void> {
  const { sessions, cookies } = c.get("auth");
  const value = readCookie(c.req.header("cookie"), SESSION_COOKIE);
  if (value) await sessions.delete(value);
  c.header("set-cookie", serializeCookie(SESSION_COOKIE, "", cookies, 0), { append: true });
}
