import type { DocumentKey } from "../../src/auth/clients";
import { DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { legalConsents } from "../../src/db/auth-schema";
import type { authDb } from "../../src/db/client";

type AuthDrizzle = ReturnType<typeof authDb>;

/**
 * The minimal append of consent rows at sign-up; the consent-ledger issue extends it. Each key
 * at the catalog's version (never the client's); a repeated consent is a no-op (unique triple).
 * The caller runs the statements in one batch, so either every row is written or none.
 */
export function consentInserts(
  drizzle: AuthDrizzle,
  uid: string,
  keys: readonly DocumentKey[],
  source: string,
  now: number,
) {
  return keys.map((key) =>
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
}
