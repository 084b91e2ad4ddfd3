import { eq } from "drizzle-orm";
import type { DocumentKey } from "../../src/auth/clients";
import {
  type Catalog,
  currentVersion,
  DOCUMENT_CATALOG,
  type PendingDocument,
  pendingDocuments,
} from "../../src/auth/document-catalog";
import { legalConsents } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";
import type { UiLocale } from "../../src/i18n/locales";

type AuthDrizzle = ReturnType<typeof authDb>;

/**
 * The append of consent rows: each key at the catalog's current version (never the client's); a
 * repeated consent is a no-op (unique triple, and a trigger of migration 0030). The caller runs
 * the statements in one batch, so either every row is written or none.
 */
export function consentInserts(
  drizzle: AuthDrizzle,
  uid: string,
  keys: readonly DocumentKey[],
  source: string,
  now: number,
  catalog: Catalog<DocumentKey> = DOCUMENT_CATALOG,
) {
  return keys.map((key) =>
    drizzle
      .insert(legalConsents)
      .values({
        idpUid: uid,
        documentKey: key,
        version: currentVersion(catalog, key, now).version,
        consentedAt: new Date(now),
        source,
      })
      .onConflictDoNothing(),
  );
}

/** The consent ledger of AUTH_DB (document 1, LegalConsent): append and the re-consent gate. */
export class ConsentLedger {
  private readonly db: AuthDrizzle;

  /** `catalog`: the service's own; tests bring one with revisions. */
  constructor(
    database: D1Database,
    private readonly now: () => number,
    private readonly catalog: Catalog<DocumentKey> = DOCUMENT_CATALOG,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  /** Appends one row per key at the catalog's current version, all or none. */
  async record(uid: string, keys: readonly DocumentKey[], source: string): Promise<void> {
    const [first, ...rest] = consentInserts(this.db, uid, keys, source, this.now(), this.catalog);
    if (first) await this.db.batch([first, ...rest]);
  }

  /**
   * The documents of `keys` the user still has to accept: empty when the gate is passed. An
   * account with no row at all has accepted nothing, so every document of `keys` is pending: an
   * account made outside the login page (the provider's admin tools, another app) is asked like
   * any other. Summaries are in `language` where written, else English.
   */
  async pending(
    uid: string,
    keys: readonly DocumentKey[],
    language: UiLocale = "en",
  ): Promise<PendingDocument<DocumentKey>[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .select({ key: legalConsents.documentKey, version: legalConsents.version })
      .from(legalConsents)
      .where(eq(legalConsents.idpUid, uid))
      .all();
    const consented = new Map<DocumentKey, string[]>();
    for (const row of rows) {
      const key = row.key as DocumentKey;
      consented.set(key, [...(consented.get(key) ?? []), row.version]);
    }
    return pendingDocuments(this.catalog, keys, consented, this.now(), language);
  }
}
