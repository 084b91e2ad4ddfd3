import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_KEYS } from "../../src/auth/clients";
import { DOCUMENT_CATALOG, isConsented } from "../../src/auth/document-catalog";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { SEED_USERS } from "../../workers/dev-idp/seed";

/** The (uid, document key, version) rows of seeds/auth-dev.sql. */
function seededConsents(): { uid: string; key: string; version: string }[] {
  const sql = readFileSync(path.join(projectRoot, "seeds/auth-dev.sql"), "utf8");
  return [...sql.matchAll(/\('([^']+)', '([^']+)', '([^']+)', \d+, '[^']+'\)/g)].map(([, uid, key, version]) => ({
    uid: uid as string,
    key: key as string,
    version: version as string,
  }));
}

describe("the dev seed of AUTH_DB", () => {
  it("has every seeded dev account consented to every document at a version the gate takes today", () => {
    const rows = seededConsents();
    for (const { uid } of SEED_USERS) {
      for (const key of DOCUMENT_KEYS) {
        const versions = rows.filter((row) => row.uid === uid && row.key === key).map((row) => row.version);
        expect(isConsented(DOCUMENT_CATALOG, key, versions, Date.now()), `${uid} ${key}: ${versions}`).toBe(true);
      }
    }
  });
});
