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
import { idpPost, type ProviderErrorBody, refresh, socialRoundTrip } from "./helpers/dev-idp";

/**
 * Security review, issue 20 finding 1: a publish token must never give control of its issuer's
 * account. The attacker holds a leaked publish token and talks to the identity provider's REST
 * API directly (here the dev IdP, which behaves like the real one for these calls).
 */

const API = "http://localhost:8787/backend";
const STORE = "http://localhost:8787/store";
const idp = identityProviderFor(env, configFor(env));

const uidOf = async (idToken: string) => (await idp.verifyIdToken(idToken)).uid;

/** The attacker's social identity linked with the exchanged ID token (accounts:signInWithIdp + idToken). */
async function linkSocialIdentity(exchanged: string, email = `attacker-${crypto.randomUUID()}@example.org`) {
  const { requestUri, sessionId } = await socialRoundTrip("google.com", email);
  const res = await idpPost("/v1/accounts:signInWithIdp", {
    requestUri,
    sessionId,
    idToken: exchanged,
    returnSecureToken: true,
  });
  expect(res.status).toBe(200);
  return { email, ...(await res.json<{ localId: string; idToken: string; refreshToken: string }>()) };
}

/** An ID token the linked session obtains later, by refresh. */
async function refreshed(refreshToken: string): Promise<string> {
  const res = await refresh(refreshToken);
  expect(res.status).toBe(200);
  return (await res.json<{ id_token: string }>()).id_token;
}

/** A leaked publish token, exchanged and linked to the attacker's social identity. */
async function takeoverAttempt() {
  const issuer = await newUser();
  const publish = await issuePublishToken(issuer.idToken);
  const exchanged = await exchangePublishToken(publish.token);
  const linked = await linkSocialIdentity(exchanged);
  return { issuer, publish, exchanged, linked };
}

function postJson(url: string, idToken: string, body: unknown) {
  return platform(url, json(body, { authorization: `Bearer ${idToken}`, origin: new URL(url).origin }));
}

const startUpload = (idToken: string, scenarioId: string) =>
  postJson(`${API}/code/upload_sessions`, idToken, { scenarioId, logic: false });

describe("a publish token never gives control of its issuer's account", () => {
  it("linking a social identity with the exchanged ID token signs in a throw-away principal, never the issuer", async () => {
    const { issuer, exchanged, linked } = await takeoverAttempt();
    const principal = await uidOf(exchanged);
    expect(principal).not.toBe(issuer.uid);
    expect(linked.localId).toBe(principal);
    expect(await uidOf(linked.idToken)).toBe(principal);
    expect(await uidOf(await refreshed(linked.refreshToken))).toBe(principal);

    // Later, the social identity alone signs the attacker in: still the principal.
    const { requestUri, sessionId } = await socialRoundTrip("google.com", linked.email);
    const again = await idpPost("/v1/accounts:signInWithIdp", { requestUri, sessionId, returnSecureToken: true });
    expect((await again.json<{ localId: string }>()).localId).toBe(principal);
  });

  it("refuses the linked session as a user everywhere: GraphQL me, the store, the sign-in service, seat tickets", async () => {
    const { linked } = await takeoverAttempt();
    for (const token of [linked.idToken, await refreshed(linked.refreshToken)]) {
      const me = await postJson(`${API}/graphql`, token, { query: "{ me { id } }" });
      const body = await me.json<{ data: unknown; errors?: { extensions?: { code?: string } }[] }>();
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

      const store = await platform(`${STORE}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(store.status).toBe(403);
      expect(await store.json()).toMatchObject({ error: "publish_token_not_allowed" });

      const authCalls: [string, RequestInit][] = [
        [`${AUTH}/api/transfer/code`, json({ id_token: token, redirect_uri: STORE_TARGET })],
        [`${AUTH}/api/publish-tokens`, { method: "POST", headers: { authorization: `Bearer ${token}` } }],
        [`${AUTH}/api/sessions`, { headers: { authorization: `Bearer ${token}` } }],
        [`${AUTH}/api/consent`, json({ document_keys: ["privacy"] }, { authorization: `Bearer ${token}` })],
      ];
      for (const [url, init] of authCalls) {
        const res = await platform(url, init);
        expect(res.status, url).toBe(403);
        expect(await res.json()).toMatchObject({ error: "publish_token_not_allowed" });
      }

      const ticket = await postJson(`${API}/rooms/tickets`, token, { revisionId: "rev-1", roomId: "r1", players: [] });
      expect(ticket.status).toBe(403);
      expect(await ticket.json()).toMatchObject({ error: "publish_token_not_allowed" });
    }
    const principalRows = await env.BACKEND_DB.prepare("SELECT count(*) AS n FROM users WHERE idp_uid = ?")
      .bind(linked.localId)
      .first<{ n: number }>();
    expect(principalRows?.n).toBe(0);
  });

  it("accounts:update with the exchanged ID token changes only the principal: the issuer keeps email and password", async () => {
    const issuer = await newUser();
    const exchanged = await exchangePublishToken((await issuePublishToken(issuer.idToken)).token);

    const taken = await idpPost("/v1/accounts:update", { idToken: exchanged, email: issuer.email });
    expect(taken.status).toBe(400);
    expect((await taken.json<ProviderErrorBody>()).error.message).toBe("EMAIL_EXISTS");

    const password = await idpPost("/v1/accounts:update", {
      idToken: exchanged,
      password: "attacker's password",
      returnSecureToken: true,
    });
    expect(password.status).toBe(200);
    const changed = await password.json<{ localId: string; idToken: string }>();
    expect(changed.localId).not.toBe(issuer.uid);

    const attackerEmail = `attacker-${crypto.randomUUID()}@example.org`;
    const email = await idpPost("/v1/accounts:update", { idToken: changed.idToken, email: attackerEmail });
    expect(email.status).toBe(200);
    expect((await email.json<{ localId: string }>()).localId).not.toBe(issuer.uid);

    // The issuer signs in as before, with the same email and password.
    const signIn = await idpPost("/v1/accounts:signInWithPassword", { email: issuer.email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const session = await signIn.json<{ localId: string; idToken: string }>();
    expect(session.localId).toBe(issuer.uid);
    expect((await idp.verifyIdToken(session.idToken)).email).toBe(issuer.email);
    // The attacker's credentials name the principal, never the issuer.
    const attacker = await idpPost("/v1/accounts:signInWithPassword", {
      email: attackerEmail,
      password: "attacker's password",
    });
    expect((await attacker.json<{ localId: string }>()).localId).toBe(await uidOf(exchanged));
  });

  it("publishes as the issuer until revoked; then every ID token of the principal fails on the /code routes", async () => {
    const { issuer, publish, exchanged, linked } = await takeoverAttempt();
    const later = await refreshed(linked.refreshToken);
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

    for (const token of [exchanged, linked.idToken, later, await refreshed(linked.refreshToken)]) {
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
