import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config";
import { FirebaseIdentityProvider } from "../../src/idp/firebase-provider";
import type { Fetcher } from "../../src/idp/jwks";
import { loopbackFetcher } from "../../src/worker-kit/loopback-fetch";
import {
  AUTH,
  authWithClock,
  FakeClock,
  type Fetch,
  json,
  newUser,
  openLoginPage,
  platform,
  STORE_TARGET,
} from "./auth-support";

/**
 * The auth app with a provider whose key set (IDP_JWKS_URL) cannot be loaded: the request fails
 * at the network, or the provider answers 500. Every other provider call goes through as usual.
 */
function authWithoutKeys(outage: "unreachable" | "http_500"): Fetch {
  const brokenKeys: Fetcher = async () => {
    if (outage === "unreachable") throw new TypeError("Network connection lost.");
    return new Response("backend error", { status: 500 });
  };
  return authWithClock(new FakeClock(), (_env: Env, config: Config) => {
    const jwksUrl = "http://keys.idp.invalid/jwks";
    const fetcher: Fetcher = (request) =>
      request.url === jwksUrl ? brokenKeys(request) : loopbackFetcher(config)(request);
    return new FirebaseIdentityProvider({ ...config.idp, jwksUrl }, fetcher);
  });
}

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  const body = await res.json<{ error: string; message: string }>();
  expect(body.error).toBe("idp_unavailable");
  expect(body.message).not.toContain("keys.idp.invalid");
}

describe.each(["unreachable", "http_500"] as const)("ID-token keys unavailable (%s): 503, not 401", (outage) => {
  it("POST /api/callback answers 503 and keeps the login state, so the page can post again", async () => {
    const broken = authWithoutKeys(outage);
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    const post = (fetch: Fetch) =>
      fetch(
        `${AUTH}/api/callback`,
        json({ state, id_token: user.idToken }, { cookie: nonceCookie, origin: "http://localhost:8787" }),
      );
    const res = await post(broken);
    await expectUnavailable(res);
    expect(res.headers.getSetCookie().some((line) => line.startsWith("auth_session="))).toBe(false);

    // Once the provider is back, the same login page finishes the sign-in.
    const retried = await post(platform);
    expect(retried.status).toBe(200);
  });

  it("POST /api/callback for a sign-up answers 503 before recording any consent", async () => {
    const broken = authWithoutKeys(outage);
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    const res = await broken(
      `${AUTH}/api/callback`,
      json(
        { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
        { cookie: nonceCookie, origin: "http://localhost:8787" },
      ),
    );
    await expectUnavailable(res);
    const { results } = await env.AUTH_DB.prepare("SELECT 1 FROM legal_consents WHERE idp_uid = ?")
      .bind(user.uid)
      .all();
    expect(results).toEqual([]);
  });

  it("POST /api/transfer/code answers 503 and issues no code", async () => {
    const broken = authWithoutKeys(outage);
    const user = await newUser();
    const before = await env.SESSIONS.list({ prefix: "code:transfer_code:" });
    const res = await broken(`${AUTH}/api/transfer/code`, json({ id_token: user.idToken, redirect_uri: STORE_TARGET }));
    await expectUnavailable(res);
    const after = await env.SESSIONS.list({ prefix: "code:transfer_code:" });
    expect(after.keys.length).toBe(before.keys.length);
  });

  it("POST /api/link/grant answers 503", async () => {
    const broken = authWithoutKeys(outage);
    const user = await newUser();
    const page = await openLoginPage(broken, { redirect_uri: STORE_TARGET });
    const res = await broken(
      `${AUTH}/api/link/grant`,
      json({ id_token: user.idToken, state: page.state }, { cookie: page.nonceCookie }),
    );
    await expectUnavailable(res);
  });

  it("a malformed token is still 401 invalid_id_token: it is refused before any key is fetched", async () => {
    const broken = authWithoutKeys(outage);
    const page = await openLoginPage(broken, { redirect_uri: STORE_TARGET });
    const res = await broken(
      `${AUTH}/api/link/grant`,
      json({ id_token: "not.a.token", state: page.state }, { cookie: page.nonceCookie }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_id_token" });
  });
});
