import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newUser, unique } from "./helpers/payments";

const REQUIRED = /payment_provider is required/;
const scratch = env.MIGRATION_SCRATCH_DB;
const migrationsBefore = (prefix: string) => env.BACKEND_MIGRATIONS.filter((m) => m.name < prefix);

async function deposit(db: D1Database, id: string, provider?: string | null) {
  const columns = provider === undefined ? "" : ", payment_provider";
  const values = provider === undefined ? "" : ", ?";
  const bindings: unknown[] = [id, ...(provider === undefined ? [] : [provider])];
  await db
    .prepare(
      `INSERT INTO iap_deposits (user_id, iap_purchase_id, product_id, coin_count, created_at${columns})
       SELECT id, ?, 'legacy', 10, 1700000000000${values} FROM users WHERE idp_uid = 'legacy-user'`,
    )
    .bind(...bindings)
    .run();
}

async function providers(db: D1Database): Promise<Record<string, string | null>> {
  const { results } = await db
    .prepare("SELECT iap_purchase_id AS id, payment_provider AS provider FROM iap_deposits")
    .all<{ id: string; provider: string | null }>();
  return Object.fromEntries(results.map((row) => [row.id, row.provider]));
}

describe("iap_deposits.payment_provider: backfill (0002, 0070) and no NULL for new rows", () => {
  it("on a database holding legacy deposits: GPA. ids Android, digit strings iOS, pi_ web, any other id UNKNOWN (flagged, counted), no NULL", async () => {
    await applyD1Migrations(scratch, migrationsBefore("0002_"));
    await scratch.prepare("INSERT INTO users (idp_uid, created_at) VALUES ('legacy-user', 1700000000000)").run();
    // Deposits as they stood before the column existed.
    for (const id of [
      "GPA.3372-1234-5678-12345",
      "1000000123456789",
      "pi_legacy1",
      "opaque-purchase-token.AO-J1Ox",
      "",
    ]) {
      await deposit(scratch, id);
    }
    await applyD1Migrations(scratch, migrationsBefore("0070_"));
    // Written between 0002 and 0070: one by a path that forgot the provider, one Android order.
    await deposit(scratch, "written-without-provider", null);
    await deposit(scratch, "GPA.9999-0000", "ANDROID_STORE");
    await applyD1Migrations(scratch, env.BACKEND_MIGRATIONS);

    expect(await providers(scratch)).toEqual({
      "GPA.3372-1234-5678-12345": "ANDROID_STORE",
      "1000000123456789": "IOS_STORE",
      pi_legacy1: "WEB_PAYMENT",
      "opaque-purchase-token.AO-J1Ox": "UNKNOWN",
      "": "UNKNOWN",
      "written-without-provider": "UNKNOWN",
      "GPA.9999-0000": "ANDROID_STORE",
    });
    // The operator's count (docs/payments.md) and no NULL left.
    const counts = await scratch
      .prepare(
        `SELECT sum(payment_provider = 'UNKNOWN') AS unknown, sum(payment_provider IS NULL) AS nulls FROM iap_deposits`,
      )
      .first<{ unknown: number; nulls: number }>();
    expect(counts).toEqual({ unknown: 3, nulls: 0 });

    // A legacy UNKNOWN row can still be refunded, and named by an operator; never set back to UNKNOWN or NULL.
    const unknownRow = "opaque-purchase-token.AO-J1Ox";
    await scratch.prepare("UPDATE iap_deposits SET cancelled_at = 1 WHERE iap_purchase_id = ?").bind(unknownRow).run();
    await scratch
      .prepare("UPDATE iap_deposits SET payment_provider = 'ANDROID_STORE' WHERE iap_purchase_id = ?")
      .bind(unknownRow)
      .run();
    for (const value of ["UNKNOWN", null]) {
      await expect(
        scratch
          .prepare("UPDATE iap_deposits SET payment_provider = ? WHERE iap_purchase_id = ?")
          .bind(value, unknownRow)
          .run(),
      ).rejects.toThrow(REQUIRED);
    }
    expect((await providers(scratch))[unknownRow]).toBe("ANDROID_STORE");
  });

  it("the platform's database refuses a new deposit without one of the three providers", async () => {
    const userId = await newUser();
    const insert = (id: string, provider: string | null) =>
      env.BACKEND_DB.prepare(
        `INSERT INTO iap_deposits (user_id, iap_purchase_id, product_id, coin_count, created_at, payment_provider)
         VALUES (?, ?, 'p', 5, 1, ?)`,
      )
        .bind(userId, id, provider)
        .run();
    for (const provider of [null, "UNKNOWN", "PAYPAL"]) {
      await expect(insert(unique("pi"), provider), String(provider)).rejects.toThrow(REQUIRED);
    }
    const id = unique("pi");
    await insert(id, "WEB_PAYMENT");
    await expect(
      env.BACKEND_DB.prepare("UPDATE iap_deposits SET payment_provider = NULL WHERE iap_purchase_id = ?")
        .bind(id)
        .run(),
    ).rejects.toThrow(REQUIRED);
    const kept = await env.BACKEND_DB.prepare(
      "SELECT payment_provider AS p FROM iap_deposits WHERE iap_purchase_id = ?",
    )
      .bind(id)
      .first<{ p: string }>();
    expect(kept?.p).toBe("WEB_PAYMENT");
  });
});
