import { env, exports } from "cloudflare:workers";
import { importPKCS8, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import worker from "../../platform";
import { CUSTOM_TOKEN_AUDIENCE } from "../../src/idp/custom-token";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { config, IDP, idpPost, providerError, refresh } from "./helpers/dev-idp";

const idp = identityProviderFor(env, config);
const serviceAccount = JSON.parse(env.IDP_SERVICE_ACCOUNT) as { client_email: string; private_key: string };

interface SignInBody {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
}

async function signedIn(res: Response): Promise<SignInBody> {
  expect(res.status).toBe(200);
  return (await res.json()) as SignInBody;
}

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `player-${Date.now()}-${counter}@example.org`;
}

describe("dev IdP: email and password accounts", () => {
  it("signs up a user and returns an ID token the adapter verifies", async () => {
    const email = uniqueEmail();
    const body = await signedIn(
      await idpPost("/v1/accounts:signUp", { email, password: "secret-1", returnSecureToken: true }),
    );
    expect(body.expiresIn).toBe("3600");
    const verified = await idp.verifyIdToken(body.idToken);
    expect(verified).toMatchObject({ uid: body.localId, email, emailVerified: false, signInProvider: "password" });
  });

  it("refuses a second account with the same email (any case): EMAIL_EXISTS", async () => {
    const email = uniqueEmail();
    await signedIn(await idpPost("/v1/accounts:signUp", { email, password: "secret-1" }));
    expect(
      await providerError(await idpPost("/v1/accounts:signUp", { email: email.toUpperCase(), password: "x-secret" })),
    ).toBe("EMAIL_EXISTS");
  });

  it.each([
    [{ email: "not-an-email", password: "secret-1" }, "INVALID_EMAIL"],
    [{ password: "secret-1" }, "MISSING_EMAIL"],
    [{ email: "a@example.org" }, "MISSING_PASSWORD"],
    [{ email: "a@example.org", password: "12345" }, "WEAK_PASSWORD : Password should be at least 6 characters"],
  ])("refuses sign-up %j with %s", async (body, message) => {
    expect(await providerError(await idpPost("/v1/accounts:signUp", body))).toBe(message);
  });

  it("stores a PBKDF2 hash, never the password", async () => {
    const email = uniqueEmail();
    const { localId } = await signedIn(await idpPost("/v1/accounts:signUp", { email, password: "plain-secret-42" }));
    const stored = await env.SESSIONS.get(`dev-idp:user:${localId}`);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain("plain-secret-42");
    expect(JSON.parse(stored ?? "{}").passwordHash).toMatchObject({ algorithm: "PBKDF2-SHA256", iterations: 100000 });
  });

  it("signs in with the right password and refuses a wrong one or an unknown email", async () => {
    const email = uniqueEmail();
    const { localId } = await signedIn(await idpPost("/v1/accounts:signUp", { email, password: "secret-1" }));
    const ok = await signedIn(await idpPost("/v1/accounts:signInWithPassword", { email, password: "secret-1" }));
    expect((await idp.verifyIdToken(ok.idToken)).uid).toBe(localId);
    expect(await providerError(await idpPost("/v1/accounts:signInWithPassword", { email, password: "secret-2" }))).toBe(
      "INVALID_PASSWORD",
    );
    const unknown = await idpPost("/v1/accounts:signInWithPassword", { email: uniqueEmail(), password: "secret-1" });
    expect(await providerError(unknown)).toBe("EMAIL_NOT_FOUND");
  });

  it("refuses a request without the API key or with another one", async () => {
    const body = { email: "user@example.com", password: "dev-password" };
    const wrong = await idpPost("/v1/accounts:signInWithPassword", body, "another-key");
    expect(await providerError(wrong)).toMatch(/API key not valid/);
    const none = await exports.default.fetch(`${IDP}/v1/accounts:signInWithPassword`, {
      method: "POST",
      body: JSON.stringify(body),
    });
    expect(await providerError(none)).toMatch(/API key not valid/);
  });

  it("answers a body that is not JSON with a provider error, not a crash", async () => {
    const res = await exports.default.fetch(`${IDP}/v1/accounts:signUp?key=${config.idp.apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(await providerError(res)).toBe("Invalid JSON payload received. Unexpected token.");
  });
});

describe("dev IdP: seeded accounts", () => {
  it.each([
    ["user@example.com", "dev-user", { admin: false }, undefined],
    ["admin@example.com", "dev-admin", { admin: true }, undefined],
    ["premium@example.com", "dev-premium", { admin: false }, true],
  ])("%s signs in with the documented password", async (email, uid, expected, premium) => {
    const body = await signedIn(await idpPost("/v1/accounts:signInWithPassword", { email, password: "dev-password" }));
    const verified = await idp.verifyIdToken(body.idToken);
    expect(verified).toMatchObject({ uid, email, emailVerified: true, ...expected });
    expect(verified.claims.premium).toBe(premium);
  });
});

describe("dev IdP: phone sign-in with the fixed dev code", () => {
  async function sendCode(phoneNumber: string): Promise<string> {
    // The reCAPTCHA the provider asks for first (test/workers/dev-idp-recaptcha.test.ts).
    const widget = await idpPost("/recaptcha/token", { siteKey: config.idp.recaptchaSiteKey });
    const { token: recaptchaToken } = (await widget.json()) as { token: string };
    const res = await idpPost("/v1/accounts:sendVerificationCode", { phoneNumber, recaptchaToken });
    expect(res.status).toBe(200);
    return ((await res.json()) as { sessionInfo: string }).sessionInfo;
  }

  it("signs in with 123456, once per code, and keeps the same user for the same number", async () => {
    const phoneNumber = `+1555${String(Date.now()).slice(-7)}`;
    const sessionInfo = await sendCode(phoneNumber);
    const first = await signedIn(await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo, code: "123456" }));
    const verified = await idp.verifyIdToken(first.idToken);
    expect(verified.signInProvider).toBe("phone");
    expect(verified.claims.phone_number).toBe(phoneNumber);
    const reuse = await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo, code: "123456" });
    expect(await providerError(reuse)).toBe("INVALID_SESSION_INFO");
    const again = await signedIn(
      await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo: await sendCode(phoneNumber), code: "123456" }),
    );
    expect(again.localId).toBe(first.localId);
  });

  it("refuses a wrong code (INVALID_CODE) and keeps the attempt open for the right one", async () => {
    const sessionInfo = await sendCode("+15550000001");
    const wrong = await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo, code: "654321" });
    expect(await providerError(wrong)).toBe("INVALID_CODE");
    await signedIn(await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo, code: "123456" }));
  });

  it("refuses a number that is not E.164 and an unknown sessionInfo", async () => {
    expect(
      await providerError(await idpPost("/v1/accounts:sendVerificationCode", { phoneNumber: "0312345678" })),
    ).toMatch(/^INVALID_PHONE_NUMBER/);
    const unknown = await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo: "made-up", code: "123456" });
    expect(await providerError(unknown)).toBe("INVALID_SESSION_INFO");
  });
});

describe("dev IdP: refresh tokens", () => {
  it("mints a new ID token for the same user and session, with claims set since", async () => {
    const email = uniqueEmail();
    const session = await signedIn(await idpPost("/v1/accounts:signUp", { email, password: "secret-1" }));
    const first = await idp.verifyIdToken(session.idToken);
    const claims = await exports.default.fetch(`${IDP}/admin/users/${session.localId}/claims`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ claims: { admin: true } }),
    });
    expect(claims.status).toBe(200);

    const res = await refresh(session.refreshToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id_token: string; refresh_token: string; user_id: string; expires_in: string };
    expect(body).toMatchObject({ user_id: session.localId, refresh_token: session.refreshToken, expires_in: "3600" });
    const refreshed = await idp.verifyIdToken(body.id_token);
    expect(refreshed).toMatchObject({ uid: session.localId, admin: true, signInProvider: "password" });
    expect(refreshed.authTime).toBe(first.authTime);
  });

  it("keeps a custom token's session claims across a refresh", async () => {
    const session = await idp.signInWithCustomToken(
      await idp.createCustomToken("publisher-1", { publish_token: true }),
    );
    const res = await refresh(session.refreshToken);
    const body = (await res.json()) as { id_token: string };
    expect((await idp.verifyIdToken(body.id_token)).publishToken).toBe(true);
  });

  it("refuses an unknown refresh token, a missing one and another grant type", async () => {
    expect(await providerError(await refresh("not-a-refresh-token"))).toBe("INVALID_REFRESH_TOKEN");
    expect(await providerError(await refresh(""))).toBe("MISSING_REFRESH_TOKEN");
    expect(await providerError(await refresh("x", "authorization_code"))).toBe("INVALID_GRANT_TYPE");
  });
});

describe("dev IdP: custom token exchange checks the service account's signature", () => {
  async function customToken(change: { aud?: string; exp?: number; iat?: number; uid?: string }): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ uid: change.uid ?? "player-9" })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(serviceAccount.client_email)
      .setSubject(serviceAccount.client_email)
      .setAudience(change.aud ?? CUSTOM_TOKEN_AUDIENCE)
      .setIssuedAt(change.iat ?? now)
      .setExpirationTime(change.exp ?? now + 3600)
      .sign(await importPKCS8(serviceAccount.private_key, "RS256"));
  }

  it("accepts the control token these cases alter one thing of", async () => {
    await signedIn(await idpPost("/v1/accounts:signInWithCustomToken", { token: await customToken({}) }));
  });

  it.each([
    [
      "an expired token",
      { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
      /^INVALID_CUSTOM_TOKEN/,
    ],
    ["another audience", { aud: "https://example.com/other" }, /^CREDENTIAL_MISMATCH/],
    ["a uid of 129 characters", { uid: "u".repeat(129) }, /^INVALID_CUSTOM_TOKEN/],
    ["a lifetime over one hour", { exp: Math.floor(Date.now() / 1000) + 7200 }, /^INVALID_CUSTOM_TOKEN/],
  ])("refuses %s", async (_, change, message) => {
    const res = await idpPost("/v1/accounts:signInWithCustomToken", { token: await customToken(change) });
    expect(await providerError(res)).toMatch(message);
  });

  it("refuses a garbage token and a missing one", async () => {
    expect(await providerError(await idpPost("/v1/accounts:signInWithCustomToken", { token: "abc" }))).toMatch(
      /^INVALID_CUSTOM_TOKEN/,
    );
    expect(await providerError(await idpPost("/v1/accounts:signInWithCustomToken", {}))).toBe("MISSING_CUSTOM_TOKEN");
  });
});

describe("dev IdP: JWKS, lookup and claims administration", () => {
  it("serves only public keys, cacheable, with kid and RS256", async () => {
    const res = await exports.default.fetch(`${IDP}/jwks`);
    expect(res.headers.get("cache-control")).toContain("max-age=");
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(typeof keys[0]?.kid).toBe("string");
    for (const privatePart of ["d", "p", "q", "dp", "dq", "qi"]) expect(keys[0]).not.toHaveProperty(privatePart);
  });

  it("looks up the account of an ID token and refuses a forged one", async () => {
    const body = await signedIn(
      await idpPost("/v1/accounts:signInWithPassword", { email: "admin@example.com", password: "dev-password" }),
    );
    const res = await idpPost("/v1/accounts:lookup", { idToken: body.idToken });
    const { users } = (await res.json()) as { users: Record<string, unknown>[] };
    expect(users[0]).toMatchObject({
      localId: "dev-admin",
      email: "admin@example.com",
      customAttributes: '{"admin":true}',
    });
    const [header, payload] = body.idToken.split(".");
    expect(await providerError(await idpPost("/v1/accounts:lookup", { idToken: `${header}.${payload}.AAAA` }))).toBe(
      "INVALID_ID_TOKEN",
    );
  });

  it("refuses claims over 1000 bytes, a body without claims, and an unknown uid", async () => {
    const post = (uid: string, body: unknown) =>
      exports.default.fetch(`${IDP}/admin/users/${uid}/claims`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const tooLarge = await post("dev-user", { claims: { note: "x".repeat(1000) } });
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as { error: string }).error).toBe("claims_too_large");
    const noClaims = await post("dev-user", { admin: true });
    expect(noClaims.status).toBe(400);
    expect(((await noClaims.json()) as { error: string }).error).toBe("invalid_body");
    const unknown = await post("nobody-here", { claims: { admin: true } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe("user_not_found");
  });
});

describe("dev IdP and adapter with broken secrets", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

  it("answers 500 config_invalid naming IDP_DEV_SIGNING_KEY, without its value", async () => {
    const broken = { ...env, IDP_DEV_SIGNING_KEY: '{"kty":"RSA","n":"secret-modulus"}' };
    const res = await worker.fetch(new Request(`${IDP}/jwks`), broken, ctx);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe("config_invalid");
    expect(body.message).toContain("IDP_DEV_SIGNING_KEY");
    expect(body.message).not.toContain("secret-modulus");
  });

  it("answers every request 500 config_invalid naming IDP_SERVICE_ACCOUNT, without the key", async () => {
    const leaked = JSON.parse(env.IDP_SERVICE_ACCOUNT) as { private_key: string };
    const broken = { ...env, IDP_SERVICE_ACCOUNT: JSON.stringify({ private_key: leaked.private_key }) };
    const res = await worker.fetch(new Request("http://localhost:8787/auth/health"), broken, ctx);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain("config_invalid");
    expect(body).toContain("IDP_SERVICE_ACCOUNT");
    expect(body).not.toContain(leaked.private_key.slice(40, 80));
  });
});
