import { currentVersion } from "../../src/auth/document-catalog";
import { PAID_RELEASE_CATALOG, type PaidReleaseKind } from "../../src/legal/paid-release-catalog";

/**
 * Paid-release terms ledger of BACKEND_DB (document 1: held by the main backend, recorded through
 * POST /api/consent of the sign-in service). Append-only (triggers of migration 0020); the
 * backend user row is created on the first agreement if the uid has none yet. Document 1 has
 * these agreements gate editing revenue-share rates and applying for paid release, checked in
 * the same transaction as revenue calculation: none of those routes exists in this platform, so
 * nothing reads the ledger yet (docs/consent.md says what such a route must do).
 */
export class TermsAgreements {
  constructor(
    private readonly db: D1Database,
    private readonly now: () => number,
  ) {}

  /** One row per kind at the catalog's current version, in one batch with the user row. */
  async record(uid: string, kinds: readonly PaidReleaseKind[]): Promise<void> {
    if (kinds.length === 0) return;
    const now = this.now();
    const user = this.db
      .prepare("INSERT INTO users (idp_uid, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
      .bind(uid, now);
    const agreements = kinds.map((kind) =>
      this.db
        .prepare(
          `INSERT INTO user_terms_agreements (user_id, kind, version, agreed_at)
           SELECT id, ?, ?, ? FROM users WHERE idp_uid = ? ON CONFLICT DO NOTHING`,
        )
        .bind(kind, currentVersion(PAID_RELEASE_CATALOG, kind, now).version, now, uid),
    );
    await this.db.batch([user, ...agreements]);
  }
}
