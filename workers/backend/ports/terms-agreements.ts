import { eq, sql } from "drizzle-orm";
import type { TermsAgreementsPort } from "../../../src/app-ports/terms-agreements";
import { currentVersion } from "../../../src/auth/document-catalog";
import { users, userTermsAgreements } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { PAID_RELEASE_CATALOG, type PaidReleaseKind } from "../../../src/legal/paid-release-catalog";
import { insertUserIfMissing } from "../users";

/**
 * Paid-release terms ledger of BACKEND_DB (document 1: held by the main backend, recorded through
 * POST /api/consent of the sign-in service). Append-only (triggers of migration 0020); the
 * backend user row is created on the first agreement if the uid has none yet (../users.ts).
 * Document 1 has these agreements gate editing revenue-share rates and applying for paid release,
 * checked in the same transaction as revenue calculation: none of those routes exists in this
 * platform, so nothing reads the ledger yet (docs/consent.md says what such a route must do).
 */
export class TermsAgreements implements TermsAgreementsPort {
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
