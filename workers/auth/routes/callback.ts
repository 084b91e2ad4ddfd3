import { Hono } from "hono";
import { z } from "zod";
import { clientFor, DOCUMENT_KEYS } from "../../../src/auth/clients";
import { readCookie } from "../../../src/auth/cookies";
import { sha256Hex } from "../../../src/auth/crypto";
import { ApiError } from "../../shared/errors";
import type { AuthContext, AuthEnv } from "../auth-env";
import { allowedRedirect } from "../redirects";
import { startSession } from "../session-cookie";
import { signedInRedirect } from "../sign-in-result";
import { settleSignUp } from "../sign-up";
import { verifiedUser } from "../user-token";
import { jsonBody, parseOrThrow } from "../validation";
import { LOGIN_NONCE_COOKIE } from "./login";

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
export const callbackRoutes = new Hono<AuthEnv>().post("/api/callback", async (c) => {
  requireSameOrigin(c);
  const body = parseOrThrow(callbackRequest, await jsonBody(c.req.raw));
  const { loginRequests, signUps } = c.get("auth");
  const login = await loginRequests.find(body.state);
  const nonce = readCookie(c.req.header("cookie"), LOGIN_NONCE_COOKIE);
  if (!login) throw loginExpired();
  if (!nonce || (await sha256Hex(nonce)) !== login.nonceHash) {
    throw new ApiError(403, "state_mismatch", "This sign-in was not started from this browser's login page.");
  }
  const token = await verifiedUser(c, body.id_token, "sign in here");

  await settleSignUp(signUps, {
    uid: token.uid,
    clientId: login.clientId,
    declared: body.sign_up,
    consented: body.consented_document_keys,
  });

  const redirectUri = allowedRedirect(c, login.redirectUri);
  // Every refusal above keeps the state, so the page can post again; success spends it, once.
  if (!(await loginRequests.consume(body.state))) throw loginExpired();
  const createsSession = clientFor(login.clientId).kind === "web" || login.prompt === "select_account";
  if (createsSession) await startSession(c, token.uid);
  const redirectTo = await signedInRedirect(c, token.uid, { redirectUri, codeChallenge: login.codeChallenge });
  c.header("cache-control", "no-store");
  return c.json({ redirect_to: redirectTo });
});

function loginExpired(): ApiError {
  return new ApiError(400, "login_expired", "This login page has expired. Please open it again.");
}

/** Browsers send Origin on a POST; one from another site is refused before anything else. */
function requireSameOrigin(c: AuthContext): void {
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== c.get("config").apps.auth.origin && origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, "cross_origin", "Sign-in results are accepted only from the login page.");
  }
  if (!c.req.header("content-type")?.startsWith("application/json")) {
    throw new ApiError(415, "unsupported_media_type", "The body must be JSON (application/json).");
  }
}
