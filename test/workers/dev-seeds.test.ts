import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import seedSql from "../../seeds/auth-dev.sql?raw";
import { DOCUMENT_KEYS } from "../../src/auth/clients";
import { ConsentLedger } from "../../workers/auth/consent-ledger";
import { SEED_USERS } from "../../workers/dev-idp/seed";

describe("the dev seed of AUTH_DB (seeds/auth-dev.sql)", () => {
  it("leaves every seeded dev account with no document pending today, and applies twice without a change", async () => {
    const statement = seedSql
      .split("\n")
      .filter((line) => !line.startsWith("--"))
      .join("\n");
    await env.AUTH_DB.prepare(statement).run();
    await env.AUTH_DB.prepare(statement).run();
    const ledger = new ConsentLedger(env.AUTH_DB, Date.now);
    for (const { uid } of SEED_USERS) {
      expect(await ledger.pending(uid, DOCUMENT_KEYS), uid).toEqual([]);
      const { results } = await env.AUTH_DB.prepare("SELECT COUNT(*) AS n FROM legal_consents WHERE idp_uid = ?")
        .bind(uid)
        .all<{ n: number }>();
      expect(results[0]?.n).toBe(DOCUMENT_KEYS.length);
    }
  });
});
