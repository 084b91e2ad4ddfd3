import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { operatorAccounts, operatorRooms, publishPrincipals, smsRate } from "../../../platform/app-ports";
import { publishPrincipalUid } from "../../../src/auth/publish-token";
import { configFor } from "../../../src/config";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { handleError, notFound } from "../../../src/worker-kit/errors";
import { identityProviderFor } from "../../../src/worker-kit/providers";
import { authenticate, type BackendEnv, requestUser, userOfIdToken } from "../../../workers/backend/auth";
import { withBackendPorts } from "../../../workers/backend/backend-ports";
import { ensureIdpAccount, newPublishToken, newUser, publishTokenIdToken } from "../auth-support";

/** Probe routes flagged as the backend's routes are: a publishing route, a signed-in route, an open one. */
function probeApp() {
  const routes = new Hono<BackendEnv>()
    .use(withBackendPorts({ publishPrincipals, operatorAccounts, smsRate, operatorRooms }))
    .post("/code/upload_sessions", authenticate({ required: true, publishTokens: "allow" }), (c) =>
      c.json(requestUser(c)),
    )
    .post("/signed-in", authenticate({ required: true }), (c) => c.json(requestUser(c)))
    .post("/graphql", authenticate(), (c) => c.json({ user: c.get("user") }));
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("config", configFor(env));
    await next();
  });
  root.route("/", routes);
  root.notFound(notFound);
  root.onError(handleError);
  return (path: string, idToken?: string, authorization = idToken && `Bearer ${idToken}`) =>
    root.request(path, { method: "POST", headers: authorization ? { authorization } : {} }, env);
}

async function idTokenWithClaims(uid: string, claims: Record<string, unknown>): Promise<string> {
  const idp = identityProviderFor(env, configFor(env));
  return (await idp.signInWithCustomToken(await idp.createCustomToken(uid, claims))).idToken;
}

describe("backend authentication", () => {
  const call = probeApp();

  it("makes a signed-in user's ID token the request user", async () => {
    const user = await newUser();
    const res = await call("/signed-in", user.idToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uid: user.uid, admin: false, publishToken: false });
  });

  it("keeps the admin claim of an ordinary ID token", async () => {
    const res = await call("/signed-in", await idTokenWithClaims("admin-1", { admin: true }));
    expect(await res.json()).toEqual({ uid: "admin-1", admin: true, publishToken: false });
  });

  it("answers 401 missing_id_token, as every app does, without a token on a route that requires a user", async () => {
    const res = await call("/signed-in");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "missing_id_token" });
  });

  it("answers 401 invalid_id_token to a token that fails verification, even where a user is optional", async () => {
    const user = await newUser();
    const tampered = `${user.idToken.slice(0, -4)}AAAA`;
    for (const path of ["/signed-in", "/graphql"]) {
      const res = await call(path, tampered);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "invalid_id_token" });
    }
    const malformed = await call("/graphql", undefined, "Basic abc");
    expect(malformed.status).toBe(401);
  });

  it("lets a publish-token ID token act as its issuer on a route flagged to allow it", async () => {
    const res = await call("/code/upload_sessions", await publishTokenIdToken("issuer-1"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uid: "issuer-1", admin: false, publishToken: true });
  });

  it("drops admin rights of an admin issuer's publish-token ID token (rule 9c)", async () => {
    // A principal whose ID token carries admin (set at the provider by whoever holds it) stays non-admin.
    await ensureIdpAccount("admin-2");
    const { summary } = await newPublishToken("admin-2");
    const claims = { admin: true, publish_token: true, issuer_uid: "admin-2" };
    const res = await call("/code/upload_sessions", await idTokenWithClaims(publishPrincipalUid(summary.id), claims));
    expect(await res.json()).toEqual({ uid: "admin-2", admin: false, publishToken: true });
  });

  it("treats any ID token of a publish principal as a publish token, with or without the claim", async () => {
    await ensureIdpAccount("issuer-5");
    const { summary } = await newPublishToken("issuer-5");
    const linked = await idTokenWithClaims(publishPrincipalUid(summary.id), {});
    expect(await (await call("/code/upload_sessions", linked)).json()).toEqual({
      uid: "issuer-5",
      admin: false,
      publishToken: true,
    });
    const signedIn = await call("/signed-in", linked);
    expect(signedIn.status).toBe(403);
    expect(await signedIn.json()).toMatchObject({ error: "publish_token_not_allowed" });
    expect(await (await call("/graphql", linked)).json()).toEqual({ user: null });
  });

  it("answers 401 publish_token_revoked on a publishing route to a publish-token ID token of no active token", async () => {
    // The claim without a principal (minted before principals existed), and a principal of no token.
    for (const token of [
      await idTokenWithClaims("issuer-6", { publish_token: true }),
      await idTokenWithClaims(publishPrincipalUid(crypto.randomUUID()), { publish_token: true }),
    ]) {
      const res = await call("/code/upload_sessions", token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "publish_token_revoked" });
    }
  });

  it("refuses a publish-token ID token with 403, as every app does, on a route that requires a user and does not allow it", async () => {
    const res = await call("/signed-in", await publishTokenIdToken("issuer-2"));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "publish_token_not_allowed" });
  });

  it("treats a publish-token ID token as no user on GraphQL-style optional routes", async () => {
    const res = await call("/graphql", await publishTokenIdToken("issuer-3"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
  });

  it("applies the same rules to a token received outside the header (WebSocket)", async () => {
    const idp = identityProviderFor(env, configFor(env));
    const publish = await publishTokenIdToken("issuer-4");
    const principals = publishPrincipals(env, idp);
    expect(await userOfIdToken(idp, publish, "unauthenticated", principals)).toBeNull();
    expect(await userOfIdToken(idp, publish, "allow", principals)).toEqual({
      uid: "issuer-4",
      admin: false,
      publishToken: true,
    });
  });
});
