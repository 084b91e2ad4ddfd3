import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { AUTH, browserOf, json, newUser, platform, STORE_TARGET, uidOfCustomToken } from "./auth-support";

const ORIGIN = new URL(AUTH).origin;
const current = (key: "app_terms" | "privacy") => currentVersion(DOCUMENT_CATALOG, key, Date.now());

const insert = (uid: string, key: string, version: string) =>
  env.AUTH_DB.prepare(
    "INSERT INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES (?, ?, ?, ?, 'auth_signup')",
  )
    .bind(uid, key, version, Date.now())
    .run();

const ssoVisit = (cookieHeader: string, clientId = "store", uiLocales = "en") =>
  platform(
    `${AUTH}/login?${new URLSearchParams({ redirect_uri: STORE_TARGET, client_id: clientId, ui_locales: uiLocales })}`,
    {
      headers: { cookie: cookieHeader },
      redirect: "manual",
    },
  );

const accept = (cookieHeader: string, body: unknown, origin = ORIGIN) =>
  platform(`${AUTH}/api/session/consent`, json(body, { cookie: cookieHeader, origin }));

/**
 * A browser with a live SSO session whose user accepted the terms of 2025-06-01: the state after
 * a substantive revision is published while the session lives (the ledger is append-only, so the
 * older row stands for "accepted before the revision").
 */
async function sessionBeforeRevision() {
  const browser = await browserOf(await newUser({ consented: false }));
  await insert(browser.uid, "app_terms", "2025-06-01");
  await insert(browser.uid, "privacy", current("privacy").version);
  return browser;
}

function pageConfig(html: string) {
  const raw = /<script type="application\/json" id="login-config">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(raw ?? "null") as {
    sessionReconsent: { url: string; documents: { documentKey: string; summary: string }[] } | null;
  };
}

describe("GET /login with an SSO session: re-consent before landing in the app", () => {
  it("asks instead of redirecting when a required document was revised; after the answer it lands in the app", async () => {
    const browser = await sessionBeforeRevision();
    const asked = await ssoVisit(browser.cookieHeader);
    expect(asked.status).toBe(200);
    const { sessionReconsent } = pageConfig(await asked.text());
    expect(sessionReconsent?.url).toBe(`${AUTH}/api/session/consent`);
    expect(sessionReconsent?.documents).toEqual([
      expect.objectContaining({ documentKey: "app_terms", version: current("app_terms").version }),
    ]);

    // The prompt speaks the page's language, the summary of what changed included.
    const inJapanese = pageConfig(await (await ssoVisit(browser.cookieHeader, "store", "ja")).text());
    expect(inJapanese.sessionReconsent?.documents[0]?.summary).toBe(current("app_terms").summary.ja);

    const recorded = await accept(browser.cookieHeader, { document_keys: ["app_terms"] });
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toEqual({ recorded: ["app_terms"], pending: [] });
    const { results } = await env.AUTH_DB.prepare(
      "SELECT version, source FROM legal_consents WHERE idp_uid = ? AND document_key = 'app_terms' ORDER BY version",
    )
      .bind(browser.uid)
      .all();
    expect(results).toEqual([
      { version: "2025-06-01", source: "auth_signup" },
      { version: current("app_terms").version, source: "auth_reconsent" },
    ]);

    const landed = await ssoVisit(browser.cookieHeader);
    expect(landed.status).toBe(302);
    const token = new URL(landed.headers.get("location") ?? "").searchParams.get("idpAuthCustomToken") ?? "";
    expect(await uidOfCustomToken(token)).toBe(browser.uid);
  });

  it("gates only the documents of the client asked for (a studio visit does not ask for app terms)", async () => {
    const browser = await sessionBeforeRevision();
    await insert(browser.uid, "studio_terms", "2026-01-01");
    expect((await ssoVisit(browser.cookieHeader, "studio")).status).toBe(302);
    expect((await ssoVisit(browser.cookieHeader, "store")).status).toBe(200);
  });

  it("asks an account with no consent row at all for every document of the client, as the callback does", async () => {
    const browser = await browserOf(await newUser({ consented: false }));
    const asked = await ssoVisit(browser.cookieHeader);
    expect(asked.status).toBe(200);
    expect(pageConfig(await asked.text()).sessionReconsent?.documents.map((d) => d.documentKey)).toEqual([
      "app_terms",
      "privacy",
    ]);
    expect((await accept(browser.cookieHeader, { document_keys: ["app_terms", "privacy"] })).status).toBe(200);
    expect((await ssoVisit(browser.cookieHeader)).status).toBe(302);
  });
});

describe("POST /api/session/consent", () => {
  it("needs the browser's session: without one, 401 and nothing recorded", async () => {
    const res = await accept("", { document_keys: ["app_terms"] });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "not_signed_in" });
  });

  it("is refused from another site's page (403 cross_origin), and records nothing", async () => {
    const browser = await sessionBeforeRevision();
    const res = await accept(browser.cookieHeader, { document_keys: ["app_terms"] }, "https://evil.example");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cross_origin" });
    expect((await ssoVisit(browser.cookieHeader)).status).toBe(200);
  });

  it("refuses an unknown key, an empty list or a version with 400, recording nothing", async () => {
    const browser = await sessionBeforeRevision();
    for (const body of [
      { document_keys: ["cookie_policy"] },
      { document_keys: [] },
      { document_keys: ["app_terms"], version: "2099-01-01" },
    ]) {
      const res = await accept(browser.cookieHeader, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request" });
    }
    expect((await ssoVisit(browser.cookieHeader)).status).toBe(200);
  });
});
