import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { currentRequiredVersion, currentVersion } from "../../src/auth/document-catalog";
import { userTermsAgreements } from "../../src/db/backend-schema";
import { PAID_RELEASE_CATALOG, type PaidReleaseKind } from "../../src/legal/paid-release-catalog";

/**
 * Paid-release terms ledger of BACKEND_DB (document 1: held by the main backend, recorded through
 * POST /api/consent of the sign-in service). Append-only (triggers of migration 0020); the
 * backend user row is created on the first agreement if the uid has none yet.
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

/**
 * hasAgreed(userId, kind): a condition, true when the user agreed to `kind` at a version no
 * older than the current required one. It is SQL, not a read, so it goes in the WHERE of the very
 * statement that edits revenue-share rates or calculates revenue, in the same D1 batch: nothing
 * can slip between the check and the write. `userId` is a column (users.id of the outer query)
 * or a value.
 */
export function hasAgreed(userId: SQLiteColumn | number, kind: PaidReleaseKind, nowMs: number): SQL {
  const required = currentRequiredVersion(PAID_RELEASE_CATALOG, kind, nowMs).version;
  const t = userTermsAgreements;
  return sql`exists (select 1 from ${t} where ${t.userId} = ${userId} and ${t.kind} = ${kind} and ${t.version} >= ${required})`;
}
