import { Hono } from "hono";
import { z } from "zod";
import { serializeCookie } from "../../../src/auth/cookies";
import { SESSION_COOKIE } from "../../../src/auth/session";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../src/worker-kit/input";
import { bearerIdToken } from "../../../src/worker-kit/verify-id-token";
import type { AuthContext, AuthEnv } from "../auth-env";
import { revokeAtProvider } from "../revocation";
import { sameOriginOnly } from "../same-origin";
import { currentSession } from "../session-cookie";
import type { SessionSummary } from "../session-store";
import { verifiedUser } from "../user-token";

const sessionId = z.object({ id: z.string().min(1).max(64) });
const userId = z.object({ uid: z.string().min(1).max(128) });

/**
 * A person's SSO sessions (docs/decisions/0059-sign-in-hardening.md): list them (created, last used, browser family) and end one
 * or all; ending all is signing out everywhere, which also sets the account's tokens-valid-after
 * time at the provider. The caller is the browser's own session (the cookie) or an app with the user's ID token
 * (Authorization: Bearer). Operators do the same for any user through the admin client with an
 * ID token carrying the admin claim.
 */
export const sessionRoutes = new Hono<AuthEnv>()
  .get("/api/sessions", async (c) => {
    const me = await caller(c);
    return listing(c, await c.get("auth").sessions.list(me.uid), me.currentId);
  })
  .delete("/api/sessions/:id", sameOriginOnly, async (c) => {
    const { id } = parseOrThrow(sessionId, c.req.param());
    const me = await caller(c);
    if (!(await c.get("auth").sessions.endById(me.uid, id))) throw notFound();
    if (id === me.currentId) expireCookie(c);
    return c.body(null, 204);
  })
  .delete("/api/sessions", sameOriginOnly, async (c) => {
    const me = await caller(c);
    // Signing out everywhere starts at the provider: the account's ID, refresh and publish tokens.
    await endAtProvider(c, me.uid);
    const ended = await c.get("auth").sessions.endAll(me.uid);
    if (me.currentId) expireCookie(c);
    return c.json({ ended });
  })
  .get("/api/admin/users/:uid/sessions", async (c) => {
    const { uid } = parseOrThrow(userId, c.req.param());
    await operator(c);
    return listing(c, await c.get("auth").sessions.list(uid), null);
  })
  .delete("/api/admin/users/:uid/sessions/:id", sameOriginOnly, async (c) => {
    const { uid, id } = parseOrThrow(userId.extend(sessionId.shape), c.req.param());
    await operator(c);
    if (!(await c.get("auth").sessions.endById(uid, id))) throw notFound();
    return c.body(null, 204);
  })
  .delete("/api/admin/users/:uid/sessions", sameOriginOnly, async (c) => {
    const { uid } = parseOrThrow(userId, c.req.param());
    await operator(c);
    await endAtProvider(c, uid);
    return c.json({ ended: await c.get("auth").sessions.endAll(uid) });
  });

/** The account's tokens-valid-after time is now (503 `idp_unavailable`, and nothing ended, without the provider). */
function endAtProvider(c: AuthContext, uid: string): Promise<void> {
  const { idp, now } = c.get("auth");
  return revokeAtProvider(idp, c.env.AUTH_DB, now, uid);
}

/** The user asking, and which of their sessions is the asking browser's (none for a token). */
async function caller(c: AuthContext): Promise<{ uid: string; currentId: string | null }> {
  if (c.req.header("authorization") !== undefined) {
    const token = await verifiedUser(c, bearerIdToken(c), "manage sessions", { checkRevoked: true });
    return { uid: token.uid, currentId: null };
  }
  const session = await currentSession(c);
  if (!session) {
    throw new ApiError(
      401,
      "not_signed_in",
      "Sign in first (session cookie), or send Authorization: Bearer <ID token>.",
    );
  }
  return { uid: session.uid, currentId: session.id };
}

/** An operator: an ID token with the admin claim (never a publish-token one: those drop admin rights). */
async function operator(c: AuthContext): Promise<void> {
  const token = await verifiedUser(c, bearerIdToken(c), "manage sessions", { checkRevoked: true });
  if (!token.admin)
    throw new ApiError(403, "admin_required", "Only an operator (admin claim) may manage other users' sessions.");
}

function listing(c: AuthContext, sessions: readonly SessionSummary[], currentId: string | null) {
  c.header("cache-control", "no-store");
  return c.json({
    sessions: sessions.map((session) => ({
      id: session.id,
      created_at: new Date(session.createdAt).toISOString(),
      last_used_at: new Date(session.lastUsedAt).toISOString(),
      user_agent_family: session.userAgentFamily,
      current: session.id === currentId,
    })),
  });
}

function expireCookie(c: AuthContext): void {
  c.header("set-cookie", serializeCookie(SESSION_COOKIE, "", c.get("auth").sessionCookie, 0), { append: true });
}

function notFound(): ApiError {
  return new ApiError(404, "session_not_found", "No live session with this id belongs to this user.");
}
