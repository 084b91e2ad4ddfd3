import { Hono } from "hono";
import { z } from "zod";
import { clientFor, DOCUMENT_KEYS } from "../../../src/auth/clients";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import type { AuthContext, AuthEnv } from "../auth-env";
import { loginExpired, loginRequestOfThisBrowser } from "../login-binding";
import { reconsentRequired } from "../reconsent";
import { allowedRedirect } from "../redirects";
import { sameOriginOnly } from "../same-origin";
import { startSession } from "../session-cookie";
import { signedInRedirect } from "../sign-in-result";
import { settleSignUp } from "../sign-up";
import { phoneSignInArrived } from "../sms-attempts";
import { verifiedUser } from "../user-token";

const callbackRequest = z.object({
  state: z.string().min(1).max(128),
  id_token: z.string().min(1).max(8192),
  /** The login page created this account just now (the provider said isNewUser / signUp). */
  sign_up: z.boolean().default(false),
  consented_document_keys: z.array(z.enum(DOCUMENT_KEYS)).max(DOCUMENT_KEYS.length).default([]),
});

/**
 * POST /api/callback: the login page posts the ID token it got from the identity provider. On
 * sign-up (declared by the page, or one of this uid left unfinished) every required document must
 * be consented to and recorded first. Answers {redirect_to}: where the browser goes next (with a
 * custom token, or a code for PKCE apps).
 */
export const callbackRoutes = new Hono<AuthEnv>().post("/api/callback", sameOriginOnly, async (c) => {
  requireJson(c);
  const body = parseOrThrow(callbackRequest, await jsonBody(c.req.raw));
  const { loginRequests, signUps } = c.get("auth");
  const login = await loginRequestOfThisBrowser(c, body.state);
  // A sign-in starts a session and hands out a custom token: never for a revoked ID token.
  const token = await verifiedUser(c, body.id_token, "sign in here", { checkRevoked: true });
  // A phone sign-in on this page's state: its SMS attempt succeeded, whatever follows (consent).
  await phoneSignInArrived(c, body.state, token);

  await settleSignUp(signUps, {
    uid: token.uid,
    clientId: login.clientId,
    declared: body.sign_up,
    consented: body.consented_document_keys,
  });

  const reconsent = await reconsentRequired(c, token.uid, login.clientId);
  if (reconsent) return reconsent;

  const redirectUri = allowedRedirect(c, login.redirectUri);
  // Every refusal above keeps the state, so the page can post again; success spends it, once.
  if (!(await loginRequests.consume(body.state))) throw loginExpired();
  const createsSession = clientFor(login.clientId).kind === "web" || login.prompt === "select_account";
  if (createsSession) await startSession(c, token.uid, token.authTime);
  const target = { redirectUri, codeChallenge: login.codeChallenge };
  const redirectTo = await signedInRedirect(c, token.uid, target, token.authTime);
  c.header("cache-control", "no-store");
  return c.json({ redirect_to: redirectTo });
});

/** The body must be JSON: a form post from another site cannot reach this route (no CORS is granted). */
function requireJson(c: AuthContext): void {
  if (!c.req.header("content-type")?.startsWith("application/json")) {
    throw new ApiError(415, "unsupported_media_type", "The body must be JSON (application/json).");
  }
}
