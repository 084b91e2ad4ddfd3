import { env, exports } from "cloudflare:workers";
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { config, ISSUER, idpPost, nowSeconds, PROJECT_ID } from "./helpers/dev-idp";

/**
 * ID tokens of the dev IdP checked with jose's own jwtVerify against the key set its JWKS route
 * serves, independent of the adapter's verifier (src/idp/id-token.ts): if both agreed on a
 * mistake, this would still catch it.
 */
async function devIdpKeySet() {
  const res = await exports.default.fetch(config.idp.jwksUrl);
  expect(res.status).toBe(200);
  return createLocalJWKSet((await res.json()) as JSONWebKeySet);
}

const expected = { issuer: ISSUER, audience: PROJECT_ID, algorithms: ["RS256"] };

describe("dev IdP ID tokens verified by jose's jwtVerify with the JWKS route's keys", () => {
  it("an email sign-up's ID token: RS256 with a kid, issuer and audience of the project, Firebase claims", async () => {
    const email = `jose-${Date.now()}@example.org`;
    const res = await idpPost("/v1/accounts:signUp", { email, password: "secret-123", returnSecureToken: true });
    const { idToken, localId } = (await res.json()) as { idToken: string; localId: string };

    const { payload, protectedHeader } = await jwtVerify(idToken, await devIdpKeySet(), {
      ...expected,
      requiredClaims: ["sub", "iat", "exp", "auth_time"],
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(typeof protectedHeader.kid).toBe("string");
    expect(payload.iss).toBe(`https://securetoken.google.com/${PROJECT_ID}`);
    expect(payload.aud).toBe(PROJECT_ID);
    expect(payload.sub).toBe(localId);
    expect(payload.user_id).toBe(localId);
    expect(payload.email).toBe(email);
    expect(payload.firebase).toMatchObject({ sign_in_provider: "password" });
    expect(payload.auth_time as number).toBeLessThanOrEqual(nowSeconds());
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it("the ID token of a custom-token sign-in carries the custom claims at the top level", async () => {
    const idp = identityProviderFor(env, config);
    const session = await idp.signInWithCustomToken(await idp.createCustomToken("jose-player", { premium: true }));
    const { payload } = await jwtVerify(session.idToken, await devIdpKeySet(), expected);
    expect(payload.sub).toBe("jose-player");
    expect(payload.premium).toBe(true);
    expect(payload.firebase).toMatchObject({ sign_in_provider: "custom" });
  });

  it("jose refuses the same token for another project, another issuer, or with a changed signature", async () => {
    const res = await idpPost("/v1/accounts:signInWithPassword", {
      email: "admin@example.com",
      password: "dev-password",
    });
    const { idToken } = (await res.json()) as { idToken: string };
    const keys = await devIdpKeySet();
    await expect(jwtVerify(idToken, keys, { ...expected, audience: "another-project" })).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
    await expect(
      jwtVerify(idToken, keys, { ...expected, issuer: "https://securetoken.google.com/another-project" }),
    ).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
    const [header, payload] = idToken.split(".");
    await expect(jwtVerify(`${header}.${payload}.AAAA`, keys, expected)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
  });
});
