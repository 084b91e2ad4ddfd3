import { and, eq, lt, sql } from "drizzle-orm";
import { sha256Hex } from "../../src/auth/crypto";
import { publishTokenExchangeFailures as failures } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";

/** Failed exchanges a caller may make per minute before /api/oauth/token answers 429. */
export const EXCHANGE_FAILURES_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

/**
 * Failed publish-token exchanges per caller and one-minute window, in AUTH_DB (counted in D1, so
 * every isolate sees the same count). The caller is the SHA-256 of its IP: the IP itself is never
 * stored. Successful exchanges are not counted, so a CI job that publishes often is never slowed.
 */
export class ExchangeFailures {
  private readonly db: ReturnType<typeof authDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  static callerKey(ip: string): Promise<string> {
    return sha256Hex(`publish-token-exchange:${ip}`);
  }

  /** Seconds until the caller may try again, or 0 when it may try now. */
  async retryAfter(callerHash: string): Promise<number> {
    const window = this.window();
    const row = await this.db
      .select({ failures: failures.failures })
      .from(failures)
      .where(and(eq(failures.callerHash, callerHash), eq(failures.windowStart, window)))
      .get();
    if (!row || row.failures < EXCHANGE_FAILURES_PER_MINUTE) return 0;
    return Math.max(1, Math.ceil((window + WINDOW_MS - this.now()) / 1000));
  }

  /** Counts one failure of the caller (and forgets its past windows). */
  async record(callerHash: string): Promise<void> {
    const window = this.window();
    await this.db.batch([
      this.db
        .insert(failures)
        .values({ callerHash, windowStart: window, failures: 1 })
        .onConflictDoUpdate({
          target: [failures.callerHash, failures.windowStart],
          set: { failures: sql`${failures.failures} + 1` },
        }),
      this.db.delete(failures).where(and(eq(failures.callerHash, callerHash), lt(failures.windowStart, window))),
    ]);
  }

  private window(): number {
    const now = this.now();
    return now - (now % WINDOW_MS);
  }
}
