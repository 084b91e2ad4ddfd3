import { readCookies, serializeCookie } from "../../src/auth/cookies";
import { randomToken } from "../../src/auth/crypto";
import {
  SESSION_COOKIE,
  SESSION_LIFETIME_SECONDS,
  type SessionRecord,
  sessionSignInTime,
} from "../../src/auth/session";
import { userAgentFamily } from "../../src/auth/user-agent";
import { IdpError } from "../../src/idp/identity-provider";
import { revocationOf } from "../../src/idp/revocation";
import { ApiError } from "../../src/worker-kit/errors";
import { currentLog } from "../../src/worker-kit/request-log";
import type { AuthContext } from "./auth-env";
import { accountStateOf, revokeAtProvider } from "./revocation";

/**
 * Starts an SSO session for uid and sets its auth_session cookie on the response. A session the
 * browser already had is ended: a new sign-in (another account, say) replaces it. `authTime` is
 * when the person signed in at the provider (the ID token's auth_time, seconds): the session ends
 * once the account's tokens-valid-after time passes it.
 */
export async function startSession(c: AuthContext, uid: string, authTime: number): Promise<SessionRecord> {
  const { sessions, sessionCookie } = c.get("auth");
  const previous = sessionCookieValue(c);
  if (previous) await sessions.end(previous);
  const value = `${c.get("config").environment}.${randomToken()}`;
  let session: SessionRecord;
  try {
    session = await sessions.create(value, uid, userAgentFamily(c.req.header("user-agent")), authTime);
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

/** What the browser's session cookie stands for now (sessionStanding). */
export type BrowserSession =
  | { state: "none" }
  /** The provider could not say whether the session's sign-in still stands: kept, not used. */
  | { state: "unknown" }
  | { state: "live"; session: SessionRecord };

/**
 * The browser's live session (extending it), or null. Each use asks the provider whether the
 * account revoked the sign-in the session stands on (a password change, a sign-out everywhere, a
 * disabled or deleted account): such a session is ended here, its cookie expired, and the browser
 * is signed out. While the provider cannot answer, the session is kept but not used (null).
 */
export async function currentSession(c: AuthContext): Promise<SessionRecord | null> {
  const standing = await sessionStanding(c);
  return standing.state === "live" ? standing.session : null;
}

/** currentSession, telling "no session" apart from "the provider cannot say now" (a page says which). */
export async function sessionStanding(c: AuthContext): Promise<BrowserSession> {
  const value = sessionCookieValue(c);
  if (!value) return { state: "none" };
  const { sessions, sessionCookie } = c.get("auth");
  const session = await sessions.read(value);
  if (!session) return { state: "none" };
  const standing = await standingOf(c, session);
  if (standing === "revoked") {
    await sessions.end(value);
    c.header("set-cookie", serializeCookie(SESSION_COOKIE, "", sessionCookie, 0), { append: true });
    return { state: "none" };
  }
  if (standing === "unknown") return { state: "unknown" };
  // The cookie's own lifetime restarts with the stored one.
  c.header("set-cookie", serializeCookie(SESSION_COOKIE, value, sessionCookie, SESSION_LIFETIME_SECONDS), {
    append: true,
  });
  return { state: "live", session };
}

/** Whether the provider still stands behind the session's sign-in (one account lookup). */
async function standingOf(c: AuthContext, session: SessionRecord): Promise<"live" | "revoked" | "unknown"> {
  try {
    const state = await c.get("auth").idp.accountState(session.uid);
    return revocationOf(sessionSignInTime(session), state) === null ? "live" : "revoked";
  } catch (error) {
    if (!(error instanceof IdpError)) throw error;
    currentLog().error("identity provider account lookup failed: session not used", { error: error.message });
    return "unknown";
  }
}

/**
 * Ends the browser's session, if any, and expires its cookie. With `everywhere`, the account signs
 * out everywhere: first at the provider (tokens-valid-after now: its ID and refresh tokens and
 * publish tokens made before stop working; a provider that cannot be reached is 503 and nothing
 * has ended), then every SSO session of that user (the person's other browsers and devices). A
 * session the provider already revoked only ends itself.
 */
export async function endSession(c: AuthContext, { everywhere = false } = {}): Promise<void> {
  const { sessions, sessionCookie, idp, now } = c.get("auth");
  const value = sessionCookieValue(c);
  const session = value && everywhere ? await sessions.read(value) : null;
  if (session) {
    const state = await accountStateOf(idp, session.uid);
    if (revocationOf(sessionSignInTime(session), state) === null) {
      await revokeAtProvider(idp, c.env.AUTH_DB, now, session.uid);
      await sessions.endAll(session.uid);
    }
  }
  if (value) await sessions.end(value);
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
