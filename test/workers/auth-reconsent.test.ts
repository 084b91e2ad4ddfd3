import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { AUTH, IDP, json, newUser, openLoginPage, PASSWORD, platform, STORE_TARGET, setCookies } from "./auth-support";

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
    const user = await newUser({ consented: false });
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
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    const res = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
      nonceCookie,
    );
    expect(res.status).toBe(200);
  });

  it("asks an account made outside the login page (no consent row) for every document before it signs in", async () => {
    // An account of the provider's admin tools, as an operator makes one: it never saw the login page's boxes.
    const email = `made-by-admin-${crypto.randomUUID()}@example.com`;
    const made = await platform(`${IDP}/admin/users`, json({ email, password: PASSWORD, emailVerified: true }));
    expect(made.status).toBe(201);
    const signIn = await platform(
      `${IDP}/v1/accounts:signInWithPassword?key=${env.IDP_API_KEY}`,
      json({ email, password: PASSWORD, returnSecureToken: true }),
    );
    const { idToken } = await signIn.json<{ idToken: string }>();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });

    const asked = await callback({ state, id_token: idToken }, nonceCookie);
    expect(asked.status).toBe(409);
    expect(setCookies(asked).has("auth_session")).toBe(false);
    const { error, documents } = await asked.json<{ error: string; documents: { documentKey: string }[] }>();
    expect(error).toBe("reconsent_required");
    expect(documents.map((document) => document.documentKey)).toEqual(["app_terms", "privacy"]);

    const recorded = await platform(
      `${AUTH}/api/consent`,
      json(
        { document_keys: ["app_terms", "privacy"], source: "auth_reconsent" },
        { authorization: `Bearer ${idToken}` },
      ),
    );
    expect(recorded.status).toBe(200);
    expect((await callback({ state, id_token: idToken }, nonceCookie)).status).toBe(200);
  });
});
