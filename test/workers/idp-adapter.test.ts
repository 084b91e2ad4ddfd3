import { env } from "cloudflare:workers";
import { exportJWK, importJWK, importPKCS8, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { CUSTOM_TOKEN_AUDIENCE } from "../../src/idp/custom-token";
import { IdpError, IdTokenError } from "../../src/idp/index";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { config, devSigningKey, idpPost, idTokenClaims, nowSeconds, signIdToken } from "./helpers/dev-idp";

const idp = identityProviderFor(env, config);
const serviceAccount = JSON.parse(env.IDP_SERVICE_ACCOUNT) as { client_email: string; private_key: string };

async function serviceAccountPublicKey(): Promise<CryptoKey> {
  const { kty, n, e } = await exportJWK(await importPKCS8(serviceAccount.private_key, "RS256", { extractable: true }));
  return (await importJWK({ kty, n, e }, "RS256")) as CryptoKey;
}

async function anotherRsaKey(): Promise<CryptoKey> {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  return pair.privateKey;
}

async function refusal(token: string): Promise<IdTokenError> {
  try {
    await idp.verifyIdToken(token);
  } catch (error) {
    if (error instanceof IdTokenError) return error;
    throw error;
  }
  throw new Error("the token was accepted");
}

async function idpError(promise: Promise<unknown>): Promise<IdpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdpError) return error;
    throw error;
  }
  throw new Error("expected an IdpError");
}

function base64url(text: string): string {
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

describe("custom tokens", () => {
  it("are RS256 JWTs of the service account for the Identity Toolkit audience, claims nested", async () => {
    const token = await idp.createCustomToken("player-1", { premium: true });
    const { payload, protectedHeader } = await jwtVerify(token, await serviceAccountPublicKey(), {
      algorithms: ["RS256"],
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.iss).toBe(serviceAccount.client_email);
    expect(payload.sub).toBe(serviceAccount.client_email);
    expect(payload.aud).toBe(CUSTOM_TOKEN_AUDIENCE);
    expect(payload.uid).toBe("player-1");
    expect(payload.claims).toEqual({ premium: true });
    expect(payload.premium).toBeUndefined();
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(Math.abs((payload.iat ?? 0) - nowSeconds())).toBeLessThan(300);
  });

  it("accept a uid of 128 characters and refuse an empty one or one of 129", async () => {
    await expect(idp.createCustomToken("u".repeat(128))).resolves.toMatch(/^ey/);
    expect((await idpError(idp.createCustomToken(""))).code).toBe("uid_invalid");
    expect((await idpError(idp.createCustomToken("u".repeat(129)))).code).toBe("uid_invalid");
  });

  it("accept claims of exactly 1000 bytes of JSON and refuse 1001 with claims_too_large", async () => {
    const overhead = JSON.stringify({ note: "" }).length;
    const atLimit = { note: "x".repeat(1000 - overhead) };
    expect(new TextEncoder().encode(JSON.stringify(atLimit)).length).toBe(1000);
    await expect(idp.createCustomToken("player-1", atLimit)).resolves.toMatch(/^ey/);
    const over = { note: "x".repeat(1001 - overhead) };
    const error = await idpError(idp.createCustomToken("player-1", over));
    expect(error.code).toBe("claims_too_large");
    expect(error.message).toContain("1001");
  });

  it("count bytes, not characters, toward the 1000-byte limit", async () => {
    const overhead = JSON.stringify({ note: "" }).length;
    const multiByte = { note: "é".repeat(Math.ceil((1000 - overhead) / 2) + 1) };
    expect(JSON.stringify(multiByte).length).toBeLessThan(1000);
    expect((await idpError(idp.createCustomToken("player-1", multiByte))).code).toBe("claims_too_large");
  });

  it("refuse claim names the provider reserves", async () => {
    expect((await idpError(idp.createCustomToken("player-1", { sub: "someone-else" }))).code).toBe("claims_reserved");
  });
});

describe("sign-in with a custom token at the provider (dev IdP in this Worker)", () => {
  it("returns an ID token the adapter verifies, carrying the uid and the custom claims", async () => {
    const session = await idp.signInWithCustomToken(await idp.createCustomToken("player-2", { premium: true }));
    expect(session.expiresIn).toBe(3600);
    expect(session.refreshToken).not.toBe("");
    const verified = await idp.verifyIdToken(session.idToken);
    expect(verified.uid).toBe("player-2");
    expect(verified.signInProvider).toBe("custom");
    expect(verified.claims.premium).toBe(true);
    expect(verified.admin).toBe(false);
    expect(verified.publishToken).toBe(false);
    expect(verified.expiresAt - verified.issuedAt).toBe(3600);
  });

  it("carries publish_token and admin claims into VerifiedIdToken", async () => {
    const session = await idp.signInWithCustomToken(await idp.createCustomToken("player-3", { publish_token: true }));
    expect((await idp.verifyIdToken(session.idToken)).publishToken).toBe(true);
    const res = await idpPost("/v1/accounts:signInWithPassword", {
      email: "admin@example.com",
      password: "dev-password",
    });
    const admin = await idp.verifyIdToken(((await res.json()) as { idToken: string }).idToken);
    expect(admin).toMatchObject({ uid: "dev-admin", admin: true, email: "admin@example.com", emailVerified: true });
  });

  it("fails with custom_token_rejected and the provider's reason when the token is not the service account's", async () => {
    const forged = await new SignJWT({ uid: "intruder" })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(serviceAccount.client_email)
      .setSubject(serviceAccount.client_email)
      .setAudience(CUSTOM_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(await anotherRsaKey());
    const error = await idpError(idp.signInWithCustomToken(forged));
    expect(error.code).toBe("custom_token_rejected");
    expect(error.providerMessage).toMatch(/^INVALID_CUSTOM_TOKEN/);
  });
});

describe("ID token verification refuses", () => {
  it("accepts the control token these cases alter one thing of", async () => {
    await expect(idp.verifyIdToken(await signIdToken(idTokenClaims("u1")))).resolves.toMatchObject({ uid: "u1" });
  });

  it("a token signed with another algorithm (HS256)", async () => {
    const hs = await new SignJWT(idTokenClaims("u1"))
      .setProtectedHeader({ alg: "HS256", kid: (await devSigningKey()).kid })
      .sign(new TextEncoder().encode("a shared secret of thirty-two bytes!"));
    expect((await refusal(hs)).code).toBe("id_token_algorithm");
  });

  it("an unsigned token (alg none), with or without a signature part", async () => {
    const header = base64url(JSON.stringify({ alg: "none", kid: (await devSigningKey()).kid }));
    const payload = base64url(JSON.stringify(idTokenClaims("u1")));
    expect((await refusal(`${header}.${payload}.`)).code).toBe("id_token_algorithm");
    expect((await refusal(`${header}.${payload}`)).code).toBe("id_token_malformed");
  });

  it("a token without kid", async () => {
    expect((await refusal(await signIdToken(idTokenClaims("u1"), { header: { kid: undefined } }))).code).toBe(
      "id_token_key_unknown",
    );
  });

  it("a token whose kid is not in the provider's key set", async () => {
    const token = await signIdToken(idTokenClaims("u1"), { header: { kid: "not-a-provider-key" } });
    expect((await refusal(token)).code).toBe("id_token_key_unknown");
  });

  it("a token signed by another key under the provider's kid", async () => {
    const token = await signIdToken(idTokenClaims("u1"), { key: await anotherRsaKey() });
    expect((await refusal(token)).code).toBe("id_token_signature");
  });

  it("a tampered token (payload changed after signing)", async () => {
    const [header, , signature] = (await signIdToken(idTokenClaims("u1"))).split(".");
    const payload = base64url(JSON.stringify({ ...idTokenClaims("u1"), admin: true }));
    expect((await refusal(`${header}.${payload}.${signature}`)).code).toBe("id_token_signature");
  });

  it.each([
    ["a wrong issuer", { iss: "https://securetoken.google.com/another-project" }, "id_token_issuer"],
    ["a missing issuer", { iss: undefined }, "id_token_issuer"],
    ["a wrong audience", { aud: "another-project" }, "id_token_audience"],
    ["an empty subject", { sub: "" }, "id_token_subject"],
    ["a subject of 129 characters", { sub: "s".repeat(129) }, "id_token_subject"],
    [
      "an expired token",
      { iat: nowSeconds() - 7200, auth_time: nowSeconds() - 7200, exp: nowSeconds() - 3600 },
      "id_token_expired",
    ],
    ["an iat in the future", { iat: nowSeconds() + 3600, exp: nowSeconds() + 7200 }, "id_token_not_yet_valid"],
    ["an auth_time in the future", { auth_time: nowSeconds() + 3600 }, "id_token_not_yet_valid"],
    ["a missing exp", { exp: undefined }, "id_token_malformed"],
    ["a missing auth_time", { auth_time: undefined }, "id_token_malformed"],
  ])("%s", async (_, change, code) => {
    const token = await signIdToken({ ...idTokenClaims("u1"), ...change });
    const error = await refusal(token);
    expect(error.code).toBe(code);
    expect(error.message).not.toBe("");
  });

  it("a string that is not a JWT", async () => {
    expect((await refusal("not-a-token")).code).toBe("id_token_malformed");
  });
});
