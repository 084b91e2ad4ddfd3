import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { config, idpPost, idTokenClaims, nowSeconds, providerError, refresh, signIdToken } from "./helpers/dev-idp";

const idp = identityProviderFor(env, config);

interface Session {
  localId: string;
  idToken: string;
  refreshToken: string;
}

async function account(): Promise<Session & { email: string }> {
  const email = `update-${crypto.randomUUID()}@example.org`;
  const res = await idpPost("/v1/accounts:signUp", { email, password: "first-password", returnSecureToken: true });
  expect(res.status).toBe(200);
  return { email, ...((await res.json()) as Session) };
}

const signIn = (email: string, password: string) => idpPost("/v1/accounts:signInWithPassword", { email, password });

describe("dev IdP: accounts:update with the user's ID token", () => {
  it("changes the password: the new one signs in, the old one no longer; a new session is returned", async () => {
    const user = await account();
    const res = await idpPost("/v1/accounts:update", {
      idToken: user.idToken,
      password: "second-password",
      returnSecureToken: true,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Session & { kind: string; email: string };
    expect(body).toMatchObject({ kind: "identitytoolkit#SetAccountInfoResponse", localId: user.localId });
    expect((await idp.verifyIdToken(body.idToken)).uid).toBe(user.localId);
    expect((await signIn(user.email, "second-password")).status).toBe(200);
    expect(await providerError(await signIn(user.email, "first-password"))).toBe("INVALID_PASSWORD");
  });

  it("ends the sessions signed in before the change: their refresh and ID tokens answer TOKEN_EXPIRED", async () => {
    const user = await account();
    // A token issued in an earlier second than the change (the provider's times are whole seconds).
    const before = await signIdToken({ ...idTokenClaims(user.localId), iat: nowSeconds() - 5 });
    const res = await idpPost("/v1/accounts:update", { idToken: user.idToken, password: "second-password" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Record<string, unknown>).idToken).toBeUndefined();
    const refreshed = await refresh(user.refreshToken);
    expect(await providerError(refreshed)).toBe("TOKEN_EXPIRED");
    expect(await providerError(await idpPost("/v1/accounts:lookup", { idToken: before }))).toBe("TOKEN_EXPIRED");
    const after = (await (await signIn(user.email, "second-password")).json()) as Session;
    expect((await refresh(after.refreshToken)).status).toBe(200);
  });

  it("never changes the email, as the provider under email enumeration protection: no address can be pre-claimed", async () => {
    const user = await account();
    const victim = `victim-${crypto.randomUUID()}@example.org`;
    for (const email of [victim, "not-an-email", user.email]) {
      expect(await providerError(await idpPost("/v1/accounts:update", { idToken: user.idToken, email }))).toBe(
        "OPERATION_NOT_ALLOWED : Please verify the new email before changing email.",
      );
    }
    // The address stays free for its owner, and the account keeps its own.
    expect(await providerError(await signIn(victim, "first-password"))).toBe("EMAIL_NOT_FOUND");
    expect((await signIn(user.email, "first-password")).status).toBe(200);
  });

  it("refuses a short password (WEAK_PASSWORD) and keeps the old one", async () => {
    const user = await account();
    const res = await idpPost("/v1/accounts:update", { idToken: user.idToken, password: "short" });
    expect(await providerError(res)).toMatch(/^WEAK_PASSWORD/);
    expect((await signIn(user.email, "first-password")).status).toBe(200);
  });

  it("needs a valid ID token of a recent sign-in: INVALID_REQ_TYPE without one, INVALID_ID_TOKEN, CREDENTIAL_TOO_OLD_LOGIN_AGAIN", async () => {
    const user = await account();
    expect(await providerError(await idpPost("/v1/accounts:update", { password: "second-password" }))).toBe(
      "INVALID_REQ_TYPE : Unsupported request parameters.",
    );
    const forged = `${user.idToken.slice(0, -4)}AAAA`;
    expect(await providerError(await idpPost("/v1/accounts:update", { idToken: forged, password: "x-secret" }))).toBe(
      "INVALID_ID_TOKEN",
    );
    const old = await signIdToken({ ...idTokenClaims(user.localId), auth_time: nowSeconds() - 6 * 60 });
    expect(await providerError(await idpPost("/v1/accounts:update", { idToken: old, password: "x-secret" }))).toBe(
      "CREDENTIAL_TOO_OLD_LOGIN_AGAIN",
    );
    expect((await signIn(user.email, "first-password")).status).toBe(200);
  });
});

describe("dev IdP: accounts:delete with the user's ID token", () => {
  it("removes the account: its email is free, its tokens name no user", async () => {
    const user = await account();
    const res = await idpPost("/v1/accounts:delete", { idToken: user.idToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: "identitytoolkit#DeleteAccountResponse" });
    expect(await providerError(await signIn(user.email, "first-password"))).toBe("EMAIL_NOT_FOUND");
    expect(await providerError(await idpPost("/v1/accounts:lookup", { idToken: user.idToken }))).toBe("USER_NOT_FOUND");
    expect(await providerError(await refresh(user.refreshToken))).toBe("USER_NOT_FOUND");
    expect(await providerError(await idpPost("/v1/accounts:delete", { idToken: user.idToken }))).toBe("USER_NOT_FOUND");
    const again = await idpPost("/v1/accounts:signUp", { email: user.email, password: "another-one" });
    expect(again.status).toBe(200);
  });

  it("needs a recent sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN) and keeps the account otherwise", async () => {
    const user = await account();
    const old = await signIdToken({ ...idTokenClaims(user.localId), auth_time: nowSeconds() - 6 * 60 });
    expect(await providerError(await idpPost("/v1/accounts:delete", { idToken: old }))).toBe(
      "CREDENTIAL_TOO_OLD_LOGIN_AGAIN",
    );
    expect(await providerError(await idpPost("/v1/accounts:delete", {}))).toBe("MISSING_ID_TOKEN");
    expect((await signIn(user.email, "first-password")).status).toBe(200);
  });
});
