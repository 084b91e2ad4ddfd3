import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { ConsentLedger } from "../../workers/auth/consent-ledger";
import { AUTH, FakeClock, json, newUser, platform, publishTokenIdToken } from "./auth-support";

const today = () => currentVersion(DOCUMENT_CATALOG, "app_terms", Date.now()).version;

async function rows(uid: string) {
  const { results } = await env.AUTH_DB.prepare(
    "SELECT document_key, version, source FROM legal_consents WHERE idp_uid = ? ORDER BY document_key, version",
  )
    .bind(uid)
    .all();
  return results;
}

const insert = (uid: string, key: string, version: string, verb = "INSERT") =>
  env.AUTH_DB.prepare(
    `${verb} INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES (?, ?, ?, ?, 'test')`,
  )
    .bind(uid, key, version, Date.now())
    .run();

const consent = (idToken: string, body: unknown, headers: Record<string, string> = {}) =>
  platform(`${AUTH}/api/consent`, json(body, { authorization: `Bearer ${idToken}`, ...headers }));

const pending = (idToken: string, scope?: string) =>
  platform(`${AUTH}/api/consent/pending${scope ? `?scope=${scope}` : ""}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });

describe("consent ledger: append-only, enforced by AUTH_DB itself", () => {
  it("an UPDATE or a DELETE written directly in SQL fails, and the row stays as it was", async () => {
    await insert("ledger-immutable", "privacy", "2026-01-01");
    await expect(
      env.AUTH_DB.prepare("UPDATE legal_consents SET version = '2099-01-01' WHERE idp_uid = ?")
        .bind("ledger-immutable")
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.AUTH_DB.prepare("DELETE FROM legal_consents WHERE idp_uid = ?").bind("ledger-immutable").run(),
    ).rejects.toThrow(/append-only/);
    expect(await rows("ledger-immutable")).toEqual([
      { document_key: "privacy", version: "2026-01-01", source: "test" },
    ]);
  });

  it("a repeated insert of the same triple is a no-op, even INSERT OR REPLACE", async () => {
    await insert("ledger-repeat", "app_terms", "2026-01-01");
    await insert("ledger-repeat", "app_terms", "2026-01-01");
    await insert("ledger-repeat", "app_terms", "2026-01-01", "INSERT OR REPLACE");
    const { results } = await env.AUTH_DB.prepare("SELECT id FROM legal_consents WHERE idp_uid = ?")
      .bind("ledger-repeat")
      .all<{ id: number }>();
    expect(results).toHaveLength(1);
    await expect(
      env.AUTH_DB.prepare(
        "INSERT OR REPLACE INTO legal_consents (id, idp_uid, document_key, version, consented_at, source) VALUES (?, 'other', 'privacy', '2026-01-01', 0, 'x')",
      )
        .bind(results[0]?.id)
        .run(),
    ).rejects.toThrow(/append-only/);
  });
});

describe("POST /api/consent", () => {
  it("appends a row per document at the catalog's current version; repeating it adds nothing", async () => {
    const user = await newUser({ consented: false });
    const res = await consent(user.idToken, { document_keys: ["app_terms", "privacy"], source: "mobile_reconsent" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: ["app_terms", "privacy"], pending: [] });
    expect((await consent(user.idToken, { document_keys: ["privacy", "app_terms"] })).status).toBe(200);
    expect(await rows(user.uid)).toEqual([
      { document_key: "app_terms", version: today(), source: "mobile_reconsent" },
      { document_key: "privacy", version: today(), source: "mobile_reconsent" },
    ]);
  });

  it("refuses a client-sent version (the service stamps it) and records nothing", async () => {
    const user = await newUser({ consented: false });
    const res = await consent(user.idToken, { document_keys: ["privacy"], version: "2099-12-31" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "version_not_accepted" });
    expect(await rows(user.uid)).toEqual([]);
  });

  it("answers 400 to an unknown document key, recording none of the known ones", async () => {
    const user = await newUser({ consented: false });
    const res = await consent(user.idToken, { document_keys: ["privacy", "cookie_policy"] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "unknown_document_key" });
    expect(await rows(user.uid)).toEqual([]);
    expect((await consent(user.idToken, { document_keys: [] })).status).toBe(400);
  });

  it("needs a verified ID token of the user: none is 401, a forged one 401, a publish-token one 403", async () => {
    const none = await platform(`${AUTH}/api/consent`, json({ document_keys: ["privacy"] }));
    expect(none.status).toBe(401);
    const user = await newUser();
    const forged = `${user.idToken.slice(0, -4)}AAAA`;
    expect((await consent(forged, { document_keys: ["privacy"] })).status).toBe(401);
    const publish = await consent(await publishTokenIdToken("consent-publisher"), { document_keys: ["privacy"] });
    expect(publish.status).toBe(403);
    expect(await publish.json()).toMatchObject({ error: "publish_token_not_allowed" });
    expect(await rows("consent-publisher")).toEqual([]);
  });

  it("answers CORS for a configured origin, and none for another", async () => {
    const preflight = (origin: string) =>
      platform(`${AUTH}/api/consent`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
      });
    const allowed = await preflight("https://dev.example.com");
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://dev.example.com");
    expect(allowed.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    const other = await preflight("https://evil.test");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("GET /api/consent/pending", () => {
  it("lists a required document whose recorded version is older than the required one, then nothing once accepted", async () => {
    const user = await newUser({ consented: false });
    await insert(user.uid, "studio_terms", "2025-06-01");
    await insert(user.uid, "privacy", today());
    const res = await pending(user.idToken, "studio");
    expect(res.status).toBe(200);
    const { version, effectiveAt, summary, contentRef } = currentVersion(DOCUMENT_CATALOG, "studio_terms", Date.now());
    expect(await res.json()).toEqual([
      { documentKey: "studio_terms", version, effectiveAt, summary: summary.en, contentRef },
    ]);
    // An app that speaks Japanese gets the summary in Japanese.
    const ja = await platform(`${AUTH}/api/consent/pending?scope=studio`, {
      headers: { authorization: `Bearer ${user.idToken}`, "accept-language": "ja-JP" },
    });
    expect(await ja.json()).toEqual([
      { documentKey: "studio_terms", version, effectiveAt, summary: summary.ja, contentRef },
    ]);

    await consent(user.idToken, { document_keys: ["studio_terms"], source: "studio" });
    expect(await (await pending(user.idToken, "studio")).json()).toEqual([]);
  });

  it("the scope chooses the documents: a client_id or a product; an account recorded for the app lacks the portal terms", async () => {
    const user = await newUser({ consented: false });
    await consent(user.idToken, { document_keys: ["app_terms", "privacy"], source: "app" });
    expect(await (await pending(user.idToken, "store")).json()).toEqual([]);
    expect(await (await pending(user.idToken)).json()).toEqual([]);
    const portal = await (await pending(user.idToken, "portal-shop")).json<{ documentKey: string }[]>();
    expect(portal.map((d) => d.documentKey)).toEqual(["portal_terms"]);
  });

  it("an account with no ledger row at all (made outside the login page) has every required document pending", async () => {
    const user = await newUser({ consented: false });
    const studio = await (await pending(user.idToken, "studio")).json<{ documentKey: string }[]>();
    expect(studio.map((document) => document.documentKey)).toEqual(["studio_terms", "privacy"]);
    const app = await (await pending(user.idToken, "store")).json<{ documentKey: string }[]>();
    expect(app.map((document) => document.documentKey)).toEqual(["app_terms", "privacy"]);
    await consent(user.idToken, { document_keys: ["app_terms", "privacy"], source: "app" });
    expect(await (await pending(user.idToken, "store")).json()).toEqual([]);
  });

  it("needs the user's ID token", async () => {
    expect((await platform(`${AUTH}/api/consent/pending?scope=app`)).status).toBe(401);
  });
});

describe("ConsentLedger on AUTH_DB with a catalog that has a minor and a substantive revision", () => {
  const version = (v: string, requiresReconsent: boolean) => ({
    version: v,
    requiresReconsent,
    effectiveAt: v,
    summary: { en: `changes of ${v}` },
    contentRef: `x/${v}`,
  });
  const catalog = {
    ...DOCUMENT_CATALOG,
    // 2026-03-01 is substantive, 2026-04-15 a minor fix, 2026-09-01 substantive again.
    app_terms: [
      version("2026-01-01", true),
      version("2026-03-01", true),
      version("2026-04-15", false),
      version("2026-09-01", true),
    ],
  };

  it("stamps the current version, asks again only after a substantive revision takes effect", async () => {
    const clock = new FakeClock(Date.parse("2026-02-01T00:00:00Z"));
    const ledger = new ConsentLedger(env.AUTH_DB, clock.now, catalog);
    const uid = `ledger-revisions-${crypto.randomUUID()}`;
    await ledger.record(uid, ["app_terms", "privacy"], "app");
    expect((await rows(uid)).map((r) => r.version)).toEqual(["2026-01-01", "2026-01-01"]);

    clock.nowMs = Date.parse("2026-03-01T00:00:00Z");
    expect((await ledger.pending(uid, ["app_terms", "privacy"])).map((d) => d.version)).toEqual(["2026-03-01"]);

    clock.nowMs = Date.parse("2026-05-01T00:00:00Z");
    const pendingInMay = await ledger.pending(uid, ["app_terms"]);
    expect(pendingInMay).toEqual([
      {
        documentKey: "app_terms",
        version: "2026-04-15",
        effectiveAt: "2026-04-15",
        summary: "changes of 2026-04-15",
        contentRef: "x/2026-04-15",
      },
    ]);
    await ledger.record(uid, ["app_terms"], "app");
    expect(await ledger.pending(uid, ["app_terms"])).toEqual([]);

    // The minor fix after an accepted substantive revision asks nothing; the next substantive one does.
    const other = `ledger-revisions-${crypto.randomUUID()}`;
    clock.nowMs = Date.parse("2026-03-02T00:00:00Z");
    await ledger.record(other, ["app_terms"], "app");
    clock.nowMs = Date.parse("2026-05-01T00:00:00Z");
    expect(await ledger.pending(other, ["app_terms"])).toEqual([]);
    clock.nowMs = Date.parse("2026-09-01T00:00:00Z");
    expect((await ledger.pending(other, ["app_terms"])).map((d) => d.version)).toEqual(["2026-09-01"]);
  });
});
