import { readCookies, serializeCookie } from "../../src/auth/cookies";
import { randomToken } from "../../src/auth/crypto";
import { SESSION_COOKIE, SESSION_LIFETIME_SECONDS, type SessionRecord } from "../../src/auth/session";
import { userAgentFamily } from "../../src/auth/user-agent";
import { ApiError } from "../../src/worker-kit/errors";
import { currentLog } from "../../src/worker-kit/request-log";
import type { AuthContext } from "./auth-env";

/**
 * Starts an SSO session for uid and sets its auth_session cookie on the response. A session the
 * browser already had is ended: a new sign-in (another account, say) replaces it.
 */
export async function startSession(c: AuthContext, uid: string): Promise<SessionRecord> {
  const { sessions, sessionCookie } = c.get("auth");
  const previous = sessionCookieValue(c);
  if (previous) await sessions.end(previous);
  const value = `${c.get("config").environment}.${randomToken()}`;
  let session: SessionRecord;
  try {
    session = await sessions.create(value, uid, userAgentFamily(c.req.header("user-agent")));
  } catch (error) {
    // Without its index entry a session could not be listed or ended with the others: none then.
    currentLog().error("session not created", { error: String(error) });
    throw new ApiError(503, "sign_in_unavailable", "Sign-in is unavailable for a moment. Please try again.");
  }
  c.header("set-cookie", serializeCookie(SESSION_COOKIE, value, sessionCookie, SESSION_LIFETIME_SECONDS), {
    append: true,
  });
  return session;
}

/** The browser's live session (extending it), or null. */
export async function currentSession(c: AuthContext): Promise<SessionRecord | null> {
  const value = sessionCookieValue(c);
  if (!value) return null;
  const session = await c.get("auth").sessions.read(value);
  if (session) {
    // The cookie's own lifetime restarts with the stored one.
    const { sessionCookie } = c.get("auth");
    c.header("set-cookie", serializeCookie(SESSION_COOKIE, value, sessionCookie, SESSION_LIFETIME_SECONDS), {
      append: true,
    });
  }
  return session;
}

/**
 * Ends the browser's session, if any, and expires its cookie. With `everywhere`, every session
 * of that session's user ends too (the person's other browsers and devices).
 */
export async function endSession(c: AuthContext, { everywhere = false } = {}): Promise<void> {
  const { sessions, sessionCookie } = c.get("auth");
  const value = sessionCookieValue(c);
  if (value) {
    const session = everywhere ? await sessions.read(value) : null;
    await sessions.end(value);
    if (session) await sessions.endAll(session.uid);
  }
  c.header("set-cookie", serializeCookie(SESSION_COOKIE, "", sessionCookie, 0), { append: true });
}

/**
 * The auth_session value of this environment. Values carry the environment that issued them
 * ("prd.<random>"), so a cookie of another environment that reached this host anyway (a browser
 * sends every cookie whose Domain matches) is never looked up, and never hides this one.
 */
export function sessionCookieValue(c: AuthContext): string | null {
  const prefix = `${c.get("config").environment}.`;
  return readCookies(c.req.header("cookie"), SESSION_COOKIE).find((value) => value.startsWith(prefix)) ?? null;
}
