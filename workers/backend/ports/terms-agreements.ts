import { eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { currentRequiredVersion, currentVersion } from "../../../src/auth/document-catalog";
import { users, userTermsAgreements } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { PAID_RELEASE_CATALOG, type PaidReleaseKind } from "../../../src/legal/paid-release-catalog";
import { insertUserIfMissing } from "./users";

/**
 * Paid-release terms ledger of BACKEND_DB (document 1: held by the main backend, recorded through
 * POST /api/consent of the sign-in service). Append-only (triggers of migration 0020); the
 * backend user row is created on the first agreement if the uid has none yet.
 */
export class TermsAgreements {
  private readonly db: ReturnType<typeof backendDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  /** One row per kind at the catalog's current version, in one batch with the user row. */
  async record(uid: string, kinds: readonly PaidReleaseKind[]): Promise<void> {
    const [first, ...rest] = kinds;
    if (first === undefined) return;
    const now = this.now();
    const agreement = (kind: PaidReleaseKind) =>
      this.db
        .insert(userTermsAgreements)
        .select(
          this.db
            .select({
              // Every column, in the table's order: NULL makes the id as a plain insert would.
              id: sql<number>`null`.as("id"),
              userId: users.id,
              kind: sql<string>`${kind}`.as("kind"),
              version: sql<string>`${currentVersion(PAID_RELEASE_CATALOG, kind, now).version}`.as("version"),
              agreedAt: sql<Date>`${now}`.as("agreed_at"),
            })
            .from(users)
            .where(eq(users.idpUid, uid)),
        )
        .onConflictDoNothing();
    await this.db.batch([insertUserIfMissing(this.db, uid, new Date(now)), agreement(first), ...rest.map(agreement)]);
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
