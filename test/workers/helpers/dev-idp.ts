import { env, exports } from "cloudflare:workers";
import { importJWK, SignJWT } from "jose";
import { expect } from "vitest";
import { configFor } from "../../../src/config";
import { AdminAccessTokens } from "../../../src/idp/admin-token";
import { ServiceAccountKey } from "../../../src/idp/service-account-key";

export const config = configFor(env);
export const IDP = "http://localhost:8787/idp";
export const API_KEY = config.idp.apiKey;
export const PROJECT_ID = config.idp.projectId;
export const ISSUER = `https://securetoken.google.com/${PROJECT_ID}`;

/** POST to the dev IdP's REST API with the API key, as a client would. */
export function idpPost(path: string, body: unknown, key = API_KEY): Promise<Response> {
  return exports.default.fetch(`${IDP}${path}?key=${encodeURIComponent(key)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const adminTokens = new AdminAccessTokens(
  new ServiceAccountKey(config.idp.serviceAccount),
  config.idp.adminTokenUrl,
  (request) => exports.default.fetch(request),
  () => Date.now() / 1000,
);

/** A Google OAuth 2.0 access token of the service account, from the dev IdP's token endpoint. */
export function adminAccessToken(): Promise<string> {
  return adminTokens.token();
}

/**
 * POST to one of the dev IdP's project-scoped admin calls (`accounts:lookup`, `accounts:update`)
 * as the provider's admin SDK does: the service account's access token, no API key.
 */
export async function adminPost(
  call: "lookup" | "update",
  body: unknown,
  accessToken: string | null = null,
): Promise<Response> {
  return exports.default.fetch(`${IDP}/v1/projects/${PROJECT_ID}/accounts:${call}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${accessToken ?? (await adminAccessToken())}`,
    },
    body: JSON.stringify(body),
  });
}

export interface ProviderErrorBody {
  error: { code: number; message: string };
}

/** The provider's error word of a refusal ("EMAIL_EXISTS"), checking it is the provider's HTTP 400. */
export async function providerError(res: Response): Promise<string> {
  expect(res.status).toBe(400);
  return ((await res.json()) as ProviderErrorBody).error.message;
}

/** The securetoken refresh call as clients make it: a form body. */
export function refresh(refreshToken: string, grantType = "refresh_token"): Promise<Response> {
  return exports.default.fetch(`${IDP}/v1/token?key=${API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: grantType, refresh_token: refreshToken }).toString(),
  });
}

/** The dev IdP's signing key from the test bindings, to forge tokens that only differ in one claim. */
export async function devSigningKey(): Promise<{ kid: string; key: CryptoKey }> {
  const jwk = JSON.parse(env.IDP_DEV_SIGNING_KEY) as { kid: string };
  const key = await importJWK({ ...jwk, alg: "RS256" }, "RS256");
  if (!(key instanceof CryptoKey)) throw new Error("expected a CryptoKey");
  return { kid: jwk.kid, key };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Claims of a valid ID token for uid; override one to make it invalid. */
export function idTokenClaims(uid: string): Record<string, unknown> {
  const now = nowSeconds();
  return {
    iss: ISSUER,
    aud: PROJECT_ID,
    sub: uid,
    user_id: uid,
    iat: now - 10,
    exp: now + 3600,
    auth_time: now - 10,
    firebase: { identities: {}, sign_in_provider: "custom" },
  };
}

/** Signs claims with the dev IdP's own key (RS256, its kid) unless told otherwise. */
export async function signIdToken(
  claims: Record<string, unknown>,
  options: { key?: CryptoKey; header?: Record<string, unknown>; alg?: string } = {},
): Promise<string> {
  const own = await devSigningKey();
  const alg = options.alg ?? "RS256";
  return new SignJWT(claims)
    .setProtectedHeader({ alg, kid: own.kid, typ: "JWT", ...options.header })
    .sign(options.key ?? own.key);
}

/** The sign-in service's one social return address, registered with the dev IdP (continueUri). */
export const CALLBACK = "http://localhost:8787/auth/login/callback";
/** A login page of the sign-in service: never a social return address (its query changes). */
export const LOGIN =
  "http://localhost:8787/auth/login?redirect_uri=http%3A%2F%2Flocalhost%3A8787%2Fstore%2F&client_id=store";

/** createAuthUri, then the dev social page answered with an email: the URL the browser returns to. */
export async function socialRoundTrip(
  providerId: string,
  email: string,
): Promise<{ requestUri: string; sessionId: string }> {
  const res = await idpPost("/v1/accounts:createAuthUri", { providerId, continueUri: CALLBACK });
  expect(res.status).toBe(200);
  const { authUri, sessionId } = (await res.json()) as { authUri: string; sessionId: string };
  const page = await exports.default.fetch(authUri);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`Sign in with ${providerId}`);
  const answer = await exports.default.fetch(authUri, {
    method: "POST",
    body: new URLSearchParams({ sessionId, email }),
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  const requestUri = answer.headers.get("location") ?? "";
  expect(requestUri.startsWith(`${CALLBACK}?code=`)).toBe(true);
  expect(new URL(requestUri).searchParams.get("state")).toBe(sessionId);
  return { requestUri, sessionId };
}
