import { Hono } from "hono";
import { z } from "zod";
import {
  isWellFormedPublishToken,
  type PublishPrincipalClaims,
  publishPrincipalUid,
} from "../../../src/auth/publish-token";
import { IdpError } from "../../../src/idp/identity-provider";
import { revocationOf } from "../../../src/idp/revocation";
import { ApiError, errorResponse } from "../../../src/worker-kit/errors";
import type { AuthContext, AuthEnv } from "../auth-env";
import { oauthError } from "../errors";
import { ExchangeFailures } from "../exchange-failures";
import { type ActivePublishToken, PublishTokenStore } from "../publish-token-store";
import { accountStateOf, revokePublishTokensBefore } from "../revocation";

/** RFC 8693 section 2.1 grant type. */
export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
/**
 * The subject_token_type we accept: a publish token is an opaque bearer credential this
 * authorization server issued, which is what RFC 8693 section 3 calls an access token.
 */
export const PUBLISH_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";
/** RFC 8693 section 3: what access_token holds in the response. */
export const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";

const exchangeRequest = z.object({
  grant_type: z.string().max(256).optional(),
  subject_token: z.string().max(1024).optional(),
  subject_token_type: z.string().max(256).optional(),
  requested_token_type: z.string().max(256).optional(),
});

/** Form (RFC 6749 section 4.1.3's encoding) or JSON; anything else is not a request we understand. */
async function requestFields(c: AuthContext): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.startsWith("application/x-www-form-urlencoded")) return await c.req.parseBody();
    if (type.startsWith("application/json")) return await c.req.json();
  } catch {
    return null;
  }
  return null;
}

/**
 * POST /api/oauth/token: RFC 8693 token exchange of a publish token for an ID token that acts for
 * its issuer on the publishing routes: claims `publish_token: true` and `issuer_uid`, and as its
 * subject the token's own principal (`publish:<token id>`), never the issuer's uid, so the ID
 * token cannot change or link the issuer's account at the identity provider (docs/decisions/0077-a-publish-tokens-id-tokens-name-a-principal-of.md). A revoked
 * token is refused like an unknown one (document 1 leaves it open; refusing is what revoking is
 * for). Nor is a token made before its issuer's tokens-valid-after time at the provider (a password
 * change, a sign-out everywhere): it is revoked here and then (one account lookup per exchange).
 * Failed exchanges are limited per presented token and per IP (exchange-failures.ts).
 */
export const oauthTokenRoutes = new Hono<AuthEnv>().post("/api/oauth/token", async (c) => {
  const { now, idp } = c.get("auth");
  const parsed = exchangeRequest.safeParse(await requestFields(c));
  if (!parsed.success) {
    return oauthError("invalid_request", "Send a form or JSON body: grant_type, subject_token, subject_token_type.");
  }
  const body = parsed.data;
  if (body.grant_type !== TOKEN_EXCHANGE_GRANT) {
    return oauthError("unsupported_grant_type", `grant_type must be ${TOKEN_EXCHANGE_GRANT}.`);
  }
  if (!body.subject_token) return oauthError("invalid_request", "subject_token is required.");
  if (body.subject_token_type !== PUBLISH_TOKEN_TYPE) {
    return oauthError("invalid_request", `subject_token_type must be ${PUBLISH_TOKEN_TYPE} (a publish token).`);
  }
  if (body.requested_token_type !== undefined && body.requested_token_type !== ID_TOKEN_TYPE) {
    return oauthError("invalid_request", `Only ${ID_TOKEN_TYPE} can be requested.`);
  }

  const failures = new ExchangeFailures(c.env.AUTH_DB, now);
  const caller = await ExchangeFailures.caller(c.req.header("cf-connecting-ip") ?? "unknown", body.subject_token);
  const wait = await failures.retryAfter(caller);
  if (wait > 0) {
    const res = errorResponse(429, "too_many_requests", `Too many failed token exchanges; try again in ${wait} s.`);
    res.headers.set("retry-after", String(wait));
    return res;
  }
  const tokens = new PublishTokenStore(c.env.AUTH_DB, now);
  const token = isWellFormedPublishToken(body.subject_token)
    ? await tokens.activeByPlaintext(body.subject_token)
    : null;
  if (!token || !(await issuerStillStands(c, token))) {
    await failures.record(caller);
    return oauthError("invalid_request", "The publish token is malformed, unknown or revoked.");
  }
  await tokens.markUsed(token.id);

  const session = await mintPublishIdToken(token, idp);
  c.header("cache-control", "no-store");
  c.header("pragma", "no-cache");
  return c.json({
    access_token: session.idToken,
    issued_token_type: ID_TOKEN_TYPE,
    token_type: "N_A",
    expires_in: session.expiresIn,
  });
});

/**
 * Whether the token's issuer still stands behind it at the provider: an account that exists, is
 * not disabled, and revoked nothing since the token was made. A token made before the account's
 * tokens-valid-after time is revoked with it.
 */
async function issuerStillStands(c: AuthContext, token: ActivePublishToken): Promise<boolean> {
  const { idp, now } = c.get("auth");
  const state = await accountStateOf(idp, token.issuerUid);
  if (revocationOf(Math.floor(token.createdAtMs / 1000), state) === null) return true;
  await revokePublishTokensBefore(c.env.AUTH_DB, now, token.issuerUid, state);
  return false;
}

/** The principal's ID token, through a custom token the provider exchanges. */
async function mintPublishIdToken(token: { id: string; issuerUid: string }, idp: AuthContext["var"]["auth"]["idp"]) {
  const claims: PublishPrincipalClaims = { publish_token: true, issuer_uid: token.issuerUid };
  try {
    return await idp.signInWithCustomToken(await idp.createCustomToken(publishPrincipalUid(token.id), { ...claims }));
  } catch (error) {
    if (!(error instanceof IdpError)) throw error;
    throw new ApiError(503, "idp_unavailable", "The identity provider did not issue the ID token. Please try again.");
  }
}
