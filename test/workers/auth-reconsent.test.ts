import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { AUTH, json, newUser, openLoginPage, platform, STORE_TARGET, setCookies } from "./auth-support";

const callback = (body: unknown, cookie: string) =>
  platform(`${AUTH}/api/callback`, json(body, { cookie, origin: "http://localhost:8787" }));

const insert = (uid: string, key: string, version: string) =>
  env.AUTH_DB.prepare(
    "INSERT INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES (?, ?, ?, ?, 'auth_signup')",
  )
    .bind(uid, key, version, Date.now())
    .run();

describe("POST /api/callback: re-consent at login", () => {
  it("stops a sign-in whose terms have a substantive revision not yet accepted, keeps the state, then goes on after POST /api/consent", async () => {
    const user = await newUser();
    const current = currentVersion(DOCUMENT_CATALOG, "app_terms", Date.now());
    await insert(user.uid, "app_terms", "2025-06-01");
    await insert(user.uid, "privacy", currentVersion(DOCUMENT_CATALOG, "privacy", Date.now()).version);
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });

    const stopped = await callback({ state, id_token: user.idToken }, nonceCookie);
    expect(stopped.status).toBe(409);
    expect(setCookies(stopped).has("auth_session")).toBe(false);
    expect(await stopped.json()).toMatchObject({
      error: "reconsent_required",
      documents: [
        {
          documentKey: "app_terms",
          version: current.version,
          effectiveAt: current.effectiveAt,
          summary: current.summary.en,
          contentRef: current.contentRef,
        },
      ],
    });

    const recorded = await platform(
      `${AUTH}/api/consent`,
      json({ document_keys: ["app_terms"] }, { authorization: `Bearer ${user.idToken}` }),
    );
    expect(recorded.status).toBe(200);

    const signedIn = await callback({ state, id_token: user.idToken }, nonceCookie);
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json<{ redirect_to: string }>()).redirect_to).toMatch(
      /^http:\/\/localhost:3000\/after-login\?/,
    );
    expect(setCookies(signedIn).has("auth_session")).toBe(true);
    const { results } = await env.AUTH_DB.prepare(
      "SELECT version, source FROM legal_consents WHERE idp_uid = ? AND document_key = 'app_terms' ORDER BY version",
    )
      .bind(user.uid)
      .all();
    expect(results).toEqual([
      { version: "2025-06-01", source: "auth_signup" },
      { version: current.version, source: "auth_reconsent" },
    ]);
  });

  it("a sign-up records the current versions, so nothing is pending right after it", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    const res = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
      nonceCookie,
    );
    expect(res.status).toBe(200);
  });
});
