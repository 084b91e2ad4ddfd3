import type { DocumentKey } from "../../src/auth/clients";
import { DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { legalConsents } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";

/**
 * The minimal append of consent rows at sign-up; the consent-ledger issue extends it. One
 * batch, so either every row is written or none; a repeated consent is a no-op (unique triple).
 */
export async function recordConsent(
  db: D1Database,
  uid: string,
  keys: readonly DocumentKey[],
  source: string,
  now: number,
): Promise<void> {
  if (keys.length === 0) return;
  const drizzle = authDb({ AUTH_DB: db });
  const inserts = keys.map((key) =>
    drizzle
      .insert(legalConsents)
      .values({
        idpUid: uid,
        documentKey: key,
        version: DOCUMENT_CATALOG[key].version,
        consentedAt: new Date(now),
        source,
      })
      .onConflictDoNothing(),
  );
  await drizzle.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
}
