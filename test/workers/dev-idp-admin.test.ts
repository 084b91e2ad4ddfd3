import { exports } from "cloudflare:workers";
import { importPKCS8, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ADMIN_SCOPE, JWT_BEARER_GRANT } from "../../src/idp/admin-token";
import {
  adminPost,
  config,
  IDP,
  idpPost,
  idTokenClaims,
  nowSeconds,
  providerError,
  refresh,
  signIdToken,
} from "./helpers/dev-idp";

// The dev IdP's admin side, as the provider's admin SDK uses it: Google's OAuth 2.0 token
// endpoint, then lookup and update by uid with the access token (tokens-valid-after, disabled).

const TOKEN_URL = config.idp.adminTokenUrl;

async function assertion(claims: Record<string, unknown> = {}, key?: CryptoKey): Promise<string> {
  const now = nowSeconds();
  const payload = { iss: config.idp.serviceAccount.clientEmail, aud: TOKEN_URL, scope: ADMIN_SCOPE, ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key ?? (await importPKCS8(config.idp.serviceAccount.privateKey, "RS256")));
}

function trade(fields: Record<string, string>): Promise<Response> {
  return exports.default.fetch(TOKEN_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function account(): Promise<{ localId: string; idToken: string; refreshToken: string; email: string }> {
  const email = `admin-${crypto.randomUUID()}@example.org`;
  const res = await idpPost("/v1/accounts:signUp", { email, password: "first-password", returnSecureToken: true });
  expect(res.status).toBe(200);
  return { email, ...(await res.json<{ localId: string; idToken: string; refreshToken: string }>()) };
}

const signIn = (email: string) => idpPost("/v1/accounts:signInWithPassword", { email, password: "first-password" });

describe("dev IdP: Google's OAuth 2.0 token endpoint (a service-account assertion, RFC 7523)", () => {
  it("answers an access token for the service account's assertion", async () => {
    const res = await trade({ grant_type: JWT_BEARER_GRANT, assertion: await assertion() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      access_token: expect.any(String),
      expires_in: 3599,
      token_type: "Bearer",
    });
  });

  it("refuses another grant, another key, another audience and another scope, as Google does", async () => {
    const stranger = (await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const cases: [Record<string, string>, string][] = [
      [{ grant_type: "client_credentials", assertion: await assertion() }, "unsupported_grant_type"],
      [{ grant_type: JWT_BEARER_GRANT }, "invalid_request"],
      [{ grant_type: JWT_BEARER_GRANT, assertion: await assertion({}, stranger.privateKey) }, "invalid_grant"],
      [
        { grant_type: JWT_BEARER_GRANT, assertion: await assertion({ aud: "https://elsewhere.example/token" }) },
        "invalid_grant",
      ],
      [{ grant_type: JWT_BEARER_GRANT, assertion: await assertion({ scope: "openid" }) }, "invalid_scope"],
    ];
    for (const [fields, error] of cases) {
      const res = await trade(fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error, error_description: expect.any(String) });
    }
  });
});

describe("dev IdP: the admin calls by uid", () => {
  it("a revoke (validSince) ends every session signed in before it: refresh and older ID tokens answer TOKEN_EXPIRED", async () => {
    const user = await account();
    const before = await signIdToken({
      ...idTokenClaims(user.localId),
      iat: nowSeconds() - 5,
      auth_time: nowSeconds() - 5,
    });
    const validSince = String(nowSeconds());
    expect((await adminPost("update", { localId: user.localId, validSince })).status).toBe(200);

    const looked = await (await adminPost("lookup", { localId: [user.localId] })).json<{ users: unknown[] }>();
    expect(looked.users).toEqual([expect.objectContaining({ localId: user.localId, validSince })]);
    expect(await providerError(await refresh(user.refreshToken))).toBe("TOKEN_EXPIRED");
    expect(await providerError(await idpPost("/v1/accounts:lookup", { idToken: before }))).toBe("TOKEN_EXPIRED");
    // A new sign-in is after it.
    const again = await (await signIn(user.email)).json<{ refreshToken: string }>();
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it("a disabled account signs in no more and refreshes no more (USER_DISABLED); lookup says so", async () => {
    const user = await account();
    expect((await adminPost("update", { localId: user.localId, disableUser: true })).status).toBe(200);
    expect(await providerError(await signIn(user.email))).toBe("USER_DISABLED");
    expect(await providerError(await refresh(user.refreshToken))).toBe("USER_DISABLED");
    const looked = await (await adminPost("lookup", { localId: [user.localId] })).json<{ users: unknown[] }>();
    expect(looked.users).toEqual([expect.objectContaining({ disabled: true, validSince: expect.any(String) })]);
  });

  it("takes no API key instead of the access token, and only this project", async () => {
    const res = await exports.default.fetch(
      `${IDP}/v1/projects/${config.idp.projectId}/accounts:lookup?key=${config.idp.apiKey}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ localId: ["dev-user"] }),
      },
    );
    expect(res.status).toBe(401);
    const other = await exports.default.fetch(`${IDP}/v1/projects/another-project/accounts:lookup`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${(await (await trade({ grant_type: JWT_BEARER_GRANT, assertion: await assertion() })).json<{ access_token: string }>()).access_token}`,
      },
      body: JSON.stringify({ localId: ["dev-user"] }),
    });
    expect(other.status).toBe(403);
  });
});
