import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/backend-schema";
import { hasAgreed } from "../../workers/backend/ports/terms-agreements";
import { AUTH, json, newUser, platform, publishTokenIdToken } from "./auth-support";

/** A stand-in for the backend's revenue-share table (the ledger issue owns the real one). */
const revenueShares = sqliteTable("test_revenue_shares", {
  userId: integer("user_id").primaryKey(),
  ratePermille: integer("rate_permille").notNull(),
});

const db = drizzle(env.BACKEND_DB);

beforeAll(async () => {
  await env.BACKEND_DB.exec(
    "CREATE TABLE IF NOT EXISTS test_revenue_shares (user_id integer PRIMARY KEY, rate_permille integer NOT NULL)",
  );
});

const consent = (idToken: string, keys: string[]) =>
  platform(`${AUTH}/api/consent`, json({ document_keys: keys }, { authorization: `Bearer ${idToken}` }));

async function backendUserId(uid: string): Promise<number | undefined> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.idpUid, uid)).get())?.id;
}

async function agreements(uid: string) {
  const { results } = await env.BACKEND_DB.prepare(
    `SELECT kind, version FROM user_terms_agreements JOIN users ON users.id = user_id WHERE idp_uid = ? ORDER BY kind`,
  )
    .bind(uid)
    .all();
  return results;
}

/** Edits a rate only where the paid-release terms are agreed, checked in the same batch as the write. */
async function editRate(userId: number, ratePermille: number) {
  const upsert = db
    .insert(revenueShares)
    .select(
      db
        .select({ userId: sql<number>`${userId}`.as("user_id"), ratePermille: sql<number>`${ratePermille}`.as("rate") })
        .from(sql`(select 1)`)
        .where(hasAgreed(userId, "paid_release", Date.now())),
    )
    .onConflictDoUpdate({ target: revenueShares.userId, set: { ratePermille } });
  const read = db.select().from(revenueShares).where(eq(revenueShares.userId, userId));
  const [, rows] = await db.batch([upsert, read]);
  return rows[0]?.ratePermille;
}

describe("paid-release terms (BACKEND_DB user_terms_agreements) through POST /api/consent", () => {
  it("records paid-release kinds in the backend's ledger at the catalog's version, idempotently", async () => {
    const user = await newUser();
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

  it("hasAgreed gates a revenue-share edit inside the same batch: no agreement, no write", async () => {
    const user = await newUser();
    await consent(user.idToken, ["additional_content_paid_release"]); // creates the backend user, wrong kind
    const id = (await backendUserId(user.uid)) as number;
    expect(await editRate(id, 300)).toBeUndefined();
    await consent(user.idToken, ["paid_release"]);
    expect(await editRate(id, 300)).toBe(300);
  });

  it("a publish-token ID token cannot agree to paid-release terms", async () => {
    const res = await consent(await publishTokenIdToken("paid-publisher"), ["paid_release"]);
    expect(res.status).toBe(403);
    expect(await agreements("paid-publisher")).toEqual([]);
  });
});
