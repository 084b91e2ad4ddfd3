import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/backend-schema";
import { AUTH, json, newUser, platform, publishTokenIdToken } from "./auth-support";

/**
 * The paid-release terms ledger (document 1: held by the main backend). Document 1 says consent
 * gates editing revenue-share rates and applying for paid release; this platform has neither
 * route (nor any revenue calculation), so what is tested is what exists: recording through
 * POST /api/consent and the ledger's append-only rules (docs/consent.md).
 */
const db = drizzle(env.BACKEND_DB);

const consent = (idToken: string, keys: string[]) =>
  platform(`${AUTH}/api/consent`, json({ document_keys: keys }, { authorization: `Bearer ${idToken}` }));

async function backendUserId(uid: string): Promise<number | undefined> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.idpUid, uid)).get())?.id;
}

async function rows(userId: number) {
  const { results } = await env.BACKEND_DB.prepare("SELECT * FROM user_terms_agreements WHERE user_id = ? ORDER BY id")
    .bind(userId)
    .all<{ id: number; kind: string; version: string; agreed_at: number }>();
  return results;
}

async function agreements(uid: string) {
  const { results } = await env.BACKEND_DB.prepare(
    `SELECT kind, version FROM user_terms_agreements JOIN users ON users.id = user_id WHERE idp_uid = ? ORDER BY kind`,
  )
    .bind(uid)
    .all();
  return results;
}

describe("paid-release terms (BACKEND_DB user_terms_agreements) through POST /api/consent", () => {
  it("records paid-release kinds in the backend's ledger at the catalog's version, idempotently", async () => {
    const user = await newUser({ consented: false });
    expect((await consent(user.idToken, ["paid_release", "additional_content_paid_release"])).status).toBe(200);
    expect((await consent(user.idToken, ["paid_release"])).status).toBe(200);
    expect(await agreements(user.uid)).toEqual([
      { kind: "additional_content_paid_release", version: "2026-01-01" },
      { kind: "paid_release", version: "2026-01-01" },
    ]);
    // Not a document of the sign-in ledger.
    const { results } = await env.AUTH_DB.prepare("SELECT * FROM legal_consents WHERE idp_uid = ?")
      .bind(user.uid)
      .all();
    expect(results).toEqual([]);
  });

  it("the ledger refuses UPDATE and DELETE in SQL", async () => {
    const user = await newUser();
    await consent(user.idToken, ["paid_release"]);
    const id = await backendUserId(user.uid);
    await expect(
      env.BACKEND_DB.prepare("UPDATE user_terms_agreements SET version = '2000-01-01' WHERE user_id = ?")
        .bind(id)
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.BACKEND_DB.prepare("DELETE FROM user_terms_agreements WHERE user_id = ?").bind(id).run(),
    ).rejects.toThrow(/append-only/);
  });

  it("the ledger ignores a replacing insert and refuses to reuse an id: the first agreement stays as it was", async () => {
    const user = await newUser();
    await consent(user.idToken, ["paid_release"]);
    const id = (await backendUserId(user.uid)) as number;
    const before = await rows(id);
    expect(before).toHaveLength(1);
    // REPLACE would delete the old row without a delete trigger; the ledger turns it into a no-op.
    await env.BACKEND_DB.prepare(
      "INSERT OR REPLACE INTO user_terms_agreements (user_id, kind, version, agreed_at) VALUES (?, 'paid_release', ?, 1)",
    )
      .bind(id, before[0]?.version)
      .run();
    await expect(
      env.BACKEND_DB.prepare(
        "INSERT INTO user_terms_agreements (id, user_id, kind, version, agreed_at) VALUES (?, ?, 'additional_content_paid_release', '2026-01-01', 1)",
      )
        .bind(before[0]?.id, id)
        .run(),
    ).rejects.toThrow(/append-only/);
    expect(await rows(id)).toEqual(before);
  });

  it("a publish-token ID token cannot agree to paid-release terms", async () => {
    const res = await consent(await publishTokenIdToken("paid-publisher"), ["paid_release"]);
    expect(res.status).toBe(403);
    expect(await agreements("paid-publisher")).toEqual([]);
  });
});
