import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { CALLBACK, config, IDP, idpPost, LOGIN, providerError, socialRoundTrip } from "./helpers/dev-idp";

const idp = identityProviderFor(env, config);

describe("dev IdP: social sign-in (createAuthUri, the stand-in page, signInWithIdp)", () => {
  it("signs in as the typed email with the provider as sign_in_provider", async () => {
    const email = `social-${Date.now()}@example.org`;
    const { requestUri, sessionId } = await socialRoundTrip("google.com", email);
    const res = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId, returnSecureToken: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { idToken: string; isNewUser: boolean; providerId: string };
    expect(body).toMatchObject({ isNewUser: true, providerId: "google.com" });
    const verified = await idp.verifyIdToken(body.idToken);
    expect(verified).toMatchObject({ email, emailVerified: true, signInProvider: "google.com" });
  });

  it("does not vouch for the email of providers that do not verify it", async () => {
    const { requestUri, sessionId } = await socialRoundTrip("twitter.com", `tw-${Date.now()}@example.org`);
    const res = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId });
    const verified = await idp.verifyIdToken(((await res.json()) as { idToken: string }).idToken);
    expect(verified).toMatchObject({ emailVerified: false, signInProvider: "twitter.com" });
  });

  it("reuses the account of the email for a provider that vouches for it (not a new user)", async () => {
    const { requestUri, sessionId } = await socialRoundTrip("google.com", "user@example.com");
    const body = (await (await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId })).json()) as {
      idToken: string;
      isNewUser: boolean;
    };
    expect(body.isNewUser).toBe(false);
    expect((await idp.verifyIdToken(body.idToken)).uid).toBe("dev-user");
  });

  it("answers needConfirmation, without an ID token, when X or Facebook names another account's email", async () => {
    for (const providerId of ["twitter.com", "facebook.com"]) {
      const { requestUri, sessionId } = await socialRoundTrip(providerId, "admin@example.com");
      const res = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ needConfirmation: true, providerId, email: "admin@example.com" });
      expect(body.idToken).toBeUndefined();
    }
  });

  it("signs the same X account in again: the provider is linked to the account it created", async () => {
    const email = `tw-again-${Date.now()}@example.org`;
    const signIn = async () => {
      const { requestUri, sessionId } = await socialRoundTrip("twitter.com", email);
      return (await (await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId })).json()) as {
        localId: string;
        isNewUser: boolean;
      };
    };
    const first = await signIn();
    expect(first.isNewUser).toBe(true);
    const second = await signIn();
    expect(second).toMatchObject({ isNewUser: false, localId: first.localId });
  });

  it("redeems a code once", async () => {
    const { requestUri, sessionId } = await socialRoundTrip("apple.com", `ap-${Date.now()}@example.org`);
    expect((await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId })).status).toBe(200);
    const again = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId });
    expect(await providerError(again)).toMatch(/^INVALID_IDP_RESPONSE/);
  });

  it("refuses a code presented with another sessionId, and burns it", async () => {
    const { requestUri, sessionId } = await socialRoundTrip("apple.com", `ap2-${Date.now()}@example.org`);
    const other = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId: "another-session" });
    expect(await providerError(other)).toMatch(/^INVALID_IDP_RESPONSE/);
    const owner = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId });
    expect(await providerError(owner)).toMatch(/^INVALID_IDP_RESPONSE/);
  });

  it("refuses an unknown provider and a continueUri that is no registered redirect URI", async () => {
    const unknown = await idpPost("/v1/accounts:createAuthUri", { providerId: "myspace.com", continueUri: CALLBACK });
    expect(await providerError(unknown)).toBe("INVALID_PROVIDER_ID");
    const notUrl = await idpPost("/v1/accounts:createAuthUri", { providerId: "google.com", continueUri: "callback" });
    expect(await providerError(notUrl)).toBe("INVALID_CONTINUE_URI");
    // Like Google's and Facebook's OAuth: the redirect URI equals a registered one, query included.
    // The login page's own address (another query on every sign-in) and any other host are refused.
    for (const continueUri of [
      LOGIN,
      `${CALLBACK}?client_id=store`,
      "http://localhost:8787/auth/login",
      "https://attacker.example/steal",
    ]) {
      const refused = await idpPost("/v1/accounts:createAuthUri", { providerId: "google.com", continueUri });
      expect(await providerError(refused), continueUri).toMatch(/^UNAUTHORIZED_DOMAIN : /);
    }
  });

  it("takes another redirect URI once it is registered (the provider's console: POST /admin/social-redirect-uris)", async () => {
    const other = `https://auth-${crypto.randomUUID().slice(0, 8)}.example.com/login/callback`;
    const before = await idpPost("/v1/accounts:createAuthUri", { providerId: "google.com", continueUri: other });
    expect(await providerError(before)).toMatch(/^UNAUTHORIZED_DOMAIN/);
    const registered = await exports.default.fetch(`${IDP}/admin/social-redirect-uris`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uri: other }),
    });
    expect(registered.status).toBe(200);
    expect(((await registered.json()) as { redirectUris: string[] }).redirectUris).toEqual(
      expect.arrayContaining([CALLBACK, other]),
    );
    const after = await idpPost("/v1/accounts:createAuthUri", { providerId: "google.com", continueUri: other });
    expect(after.status).toBe(200);
    const bad = await exports.default.fetch(`${IDP}/admin/social-redirect-uris`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uri: "javascript:alert(1)" }),
    });
    expect(bad.status).toBe(400);
  });

  it("exchanges a code only at the address it was sent to (requestUri), and burns it otherwise", async () => {
    const { requestUri, sessionId } = await socialRoundTrip("google.com", `moved-${Date.now()}@example.org`);
    const elsewhere = requestUri.replace(CALLBACK, "http://localhost:8787/auth/login");
    expect(
      await providerError(await idpPost("/v1/accounts:signInWithIdp", { requestUri: elsewhere, sessionId })),
    ).toMatch(/^INVALID_IDP_RESPONSE/);
    expect(await providerError(await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId }))).toMatch(
      /^INVALID_IDP_RESPONSE/,
    );
  });

  it("refuses a requestUri without a code and an unknown sign-in attempt", async () => {
    const noCode = await idpPost("/v1/accounts:signInWithIdp", { requestUri: CALLBACK, sessionId: "s" });
    expect(await providerError(noCode)).toMatch(/^INVALID_IDP_RESPONSE/);
    const page = await exports.default.fetch("http://localhost:8787/idp/social/authorize?sessionId=made-up");
    expect(await providerError(page)).toMatch(/^INVALID_SESSION_ID/);
  });
  it("links with an idToken: the social identity joins the account of that ID token, and signs it in later", async () => {
    const signUp = await idpPost("/v1/accounts:signUp", {
      email: `own-${Date.now()}@example.org`,
      password: "secret-1",
    });
    const owner = (await signUp.json()) as { localId: string; idToken: string };
    const email = `linked-${Date.now()}@example.org`;
    const link = await socialRoundTrip("twitter.com", email);
    const linked = await idpPost("/v1/accounts:signInWithIdp", { ...link, idToken: owner.idToken });
    expect(linked.status).toBe(200);
    const body = (await linked.json()) as { localId: string; idToken: string };
    expect(body.localId).toBe(owner.localId);
    expect(await idp.verifyIdToken(body.idToken)).toMatchObject({ uid: owner.localId, signInProvider: "twitter.com" });
    const later = await socialRoundTrip("twitter.com", email);
    const again = (await (await idpPost("/v1/accounts:signInWithIdp", later)).json()) as { localId: string };
    expect(again.localId).toBe(owner.localId);
  });

  it("refuses to link a social identity that belongs to another account: FEDERATED_USER_ID_ALREADY_LINKED", async () => {
    const signUp = await idpPost("/v1/accounts:signUp", {
      email: `own2-${Date.now()}@example.org`,
      password: "secret-1",
    });
    const { idToken } = (await signUp.json()) as { idToken: string };
    const email = `theirs-${Date.now()}@example.org`;
    expect((await idpPost("/v1/accounts:signInWithIdp", await socialRoundTrip("google.com", email))).status).toBe(200);
    const link = await socialRoundTrip("google.com", email);
    const res = await idpPost("/v1/accounts:signInWithIdp", { ...link, idToken });
    expect(await providerError(res)).toBe("FEDERATED_USER_ID_ALREADY_LINKED");
  });
});
