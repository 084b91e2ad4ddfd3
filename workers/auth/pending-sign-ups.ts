import { eq } from "drizzle-orm";
import type { DocumentKey } from "../../src/auth/clients";
import { pendingSignUps } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";
import { consentInserts } from "./consent-ledger";

/**
 * Sign-ups in progress, in AUTH_DB. The identity provider creates the account before the
 * service hears of it, so a sign-up the callback refused must stay a sign-up on every later
 * callback of that uid, whatever the page says, until its consent is recorded.
 */
export class PendingSignUps {
  private readonly db: ReturnType<typeof authDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  async isPending(uid: string): Promise<boolean> {
    const row = await this.db
      .select({ uid: pendingSignUps.idpUid })
      .from(pendingSignUps)
      .where(eq(pendingSignUps.idpUid, uid))
      .get();
    return row !== undefined;
  }

  /** Marks uid as signing up (kept if already marked), before anything can refuse the sign-up. */
  async begin(uid: string, clientId: string): Promise<void> {
    await this.db
      .insert(pendingSignUps)
      .values({ idpUid: uid, clientId, startedAt: new Date(this.now()) })
      .onConflictDoNothing();
  }

  /**
   * Records the consent and ends the sign-up in one batch: either the rows are written and the
   * mark is gone, or nothing changed and the next callback is a sign-up again.
   */
  async complete(uid: string, keys: readonly DocumentKey[], source: string): Promise<void> {
    const done = this.db.delete(pendingSignUps).where(eq(pendingSignUps.idpUid, uid));
    await this.db.batch([done, ...consentInserts(this.db, uid, keys, source, this.now())]);
  }
}
