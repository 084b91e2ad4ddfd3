import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { configFor } from "../../src/config";
import { identityProviderFor } from "../../src/worker-kit/providers";
import {
  AUTH,
  exchangePublishToken,
  issuePublishToken,
  json,
  newUser,
  PASSWORD,
  platform,
  STORE_TARGET,
} from "./auth-support";
import { idpPost, type ProviderErrorBody, socialRoundTrip } from "./helpers/dev-idp";

/**
 * Security review, issue 20 finding 1: a publish token must never give control of its issuer's
 * account. The attacker holds a leaked publish token and talks to the identity provider's REST
 * API directly (here the dev IdP, with the project's rule for publish principals: their accounts
 * take no update and no link, issue 32 part 13).
 */

const API = "http://localhost:8787/backend";
const STORE = "http://localhost:8787/store";
const idp = identityProviderFor(env, configFor(env));

const uidOf = async (idToken: string) => (await idp.verifyIdToken(idToken)).uid;

/** A leaked publish token of a new issuer, exchanged as its holder would. */
async function leakedToken() {
  const issuer = await newUser();
  const publish = await issuePublishToken(issuer.idToken);
  const exchanged = await exchangePublishToken(publish.token);
  return { issuer, publish, exchanged };
}

function postJson(url: string, idToken: string, body: unknown) {
  return platform(url, json(body, { authorization: `Bearer ${idToken}`, origin: new URL(url).origin }));
}

const startUpload = (idToken: string, scenarioId: string) =>
  postJson(`${API}/code/upload_sessions`, idToken, { scenarioId, logic: false });

describe("a publish token never gives control of its issuer's account", () => {
  it("the exchanged ID token names a throw-away principal, whose account takes no social identity (issue 32, part 13)", async () => {
    const { issuer, exchanged } = await leakedToken();
    const principal = await uidOf(exchanged);
    expect(principal).not.toBe(issuer.uid);
    const email = `attacker-${crypto.randomUUID()}@example.org`;
    const { requestUri, sessionId } = await socialRoundTrip("google.com", email);
    const linked = await idpPost("/v1/accounts:signInWithIdp", {
      requestUri,
      sessionId,
      idToken: exchanged,
      returnSecureToken: true,
    });
    expect(linked.status).toBe(400);
    expect((await linked.json<ProviderErrorBody>()).error.message).toMatch(/^OPERATION_NOT_ALLOWED/);

    // Later, that social identity signs in to an account of its own, never the principal.
    const again = await socialRoundTrip("google.com", email);
    const own = await idpPost("/v1/accounts:signInWithIdp", { ...again, returnSecureToken: true });
    expect((await own.json<{ localId: string }>()).localId).not.toBe(principal);
  });

  it("refuses the principal's ID token as a user everywhere: GraphQL me, the store, the sign-in service, seat tickets", async () => {
    const { exchanged } = await leakedToken();
    const me = await postJson(`${API}/graphql`, exchanged, { query: "{ me { id } }" });
    const body = await me.json<{ data: unknown; errors?: { extensions?: { code?: string } }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const store = await platform(`${STORE}/api/me`, { headers: { authorization: `Bearer ${exchanged}` } });
    expect(store.status).toBe(403);
    expect(await store.json()).toMatchObject({ error: "publish_token_not_allowed" });

    const authCalls: [string, RequestInit][] = [
      [`${AUTH}/api/transfer/code`, json({ id_token: exchanged, redirect_uri: STORE_TARGET })],
      [`${AUTH}/api/publish-tokens`, { method: "POST", headers: { authorization: `Bearer ${exchanged}` } }],
      [`${AUTH}/api/sessions`, { headers: { authorization: `Bearer ${exchanged}` } }],
      [`${AUTH}/api/consent`, json({ document_keys: ["privacy"] }, { authorization: `Bearer ${exchanged}` })],
    ];
    for (const [url, init] of authCalls) {
      const res = await platform(url, init);
      expect(res.status, url).toBe(403);
      expect(await res.json()).toMatchObject({ error: "publish_token_not_allowed" });
    }

    const ticket = await postJson(`${API}/rooms/tickets`, exchanged, {
      revisionId: "rev-1",
      roomId: "r1",
      players: [],
    });
    expect(ticket.status).toBe(403);
    expect(await ticket.json()).toMatchObject({ error: "publish_token_not_allowed" });
    const principalRows = await env.BACKEND_DB.prepare("SELECT count(*) AS n FROM users WHERE idp_uid = ?")
      .bind(await uidOf(exchanged))
      .first<{ n: number }>();
    expect(principalRows?.n).toBe(0);
  });

  it("accounts:update with the exchanged ID token is refused: neither the principal nor the issuer changes", async () => {
    const { issuer, exchanged } = await leakedToken();
    for (const fields of [
      { email: issuer.email },
      { email: `attacker-${crypto.randomUUID()}@example.org` },
      { password: "attacker's password" },
    ]) {
      const res = await idpPost("/v1/accounts:update", { idToken: exchanged, returnSecureToken: true, ...fields });
      expect(res.status).toBe(400);
      expect((await res.json<ProviderErrorBody>()).error.message).toMatch(/^OPERATION_NOT_ALLOWED/);
    }

    // The issuer signs in as before, with the same email and password.
    const signIn = await idpPost("/v1/accounts:signInWithPassword", { email: issuer.email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const session = await signIn.json<{ localId: string; idToken: string }>();
    expect(session.localId).toBe(issuer.uid);
    expect((await idp.verifyIdToken(session.idToken)).email).toBe(issuer.email);
  });

  it("publishes as the issuer until revoked; then every ID token of the principal fails on the /code routes", async () => {
    const { issuer, publish, exchanged } = await leakedToken();
    const second = await exchangePublishToken(publish.token);
    const scenarioId = `game-${crypto.randomUUID().slice(0, 8)}`;

    const started = await startUpload(exchanged, scenarioId);
    expect(started.status).toBe(201);
    const { uploadId } = await started.json<{ uploadId: string }>();
    // The upload is the issuer's: their own ID token may register it (409: no files yet, not 404).
    const own = await postJson(`${API}/code/scenario_revisions`, issuer.idToken, { uploadId });
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ error: "files_missing" });

    const revoked = await platform(`${AUTH}/api/publish-tokens/${publish.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${issuer.idToken}` },
    });
    expect(revoked.status).toBe(204);

    for (const token of [exchanged, second]) {
      const upload = await startUpload(token, scenarioId);
      expect(upload.status).toBe(401);
      expect(await upload.json()).toMatchObject({ error: "publish_token_revoked" });
      const register = await postJson(`${API}/code/scenario_revisions`, token, { uploadId });
      expect(register.status).toBe(401);
    }
    // The issuer's own account is untouched.
    expect((await startUpload(issuer.idToken, scenarioId)).status).toBe(201);
  });
});
