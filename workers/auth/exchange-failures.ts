import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { sha256Hex } from "../../src/auth/crypto";
import { publishTokenExchangeFailures as failures } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";

/** Failed exchanges of one presented token per minute; past them that token is answered 429 unread. */
export const TOKEN_FAILURES_PER_MINUTE = 10;
/**
 * Failed exchanges from one IP per minute; past them every exchange from it is answered 429, a
 * valid token's too: a flood of bad tokens, far beyond an honest client's mistakes (which the
 * per-token limit stops at 10).
 */
export const IP_FAILURES_PER_MINUTE = 100;
const WINDOW_MS = 60_000;

/** The two counters a request is held to: its presented token's and its IP's. */
export interface ExchangeCaller {
  tokenKey: string;
  ipKey: string;
}

/**
 * Failed publish-token exchanges per presented token and per IP, in one-minute windows, in AUTH_DB
 * (counted in D1, so every isolate sees the same counts). Counted apart, so failures of other
 * tokens from the owner's IP never refuse the owner's valid token, unless the IP floods. The keys
 * are SHA-256 hashes: neither the IP nor the token is stored. Successful exchanges are not
 * counted, so a CI job that publishes often is never slowed.
 */
export class ExchangeFailures {
  private readonly db: ReturnType<typeof authDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  static async caller(ip: string, presentedToken: string): Promise<ExchangeCaller> {
    const [ipKey, tokenKey] = await Promise.all([
      sha256Hex(`publish-token-exchange:ip:${ip}`),
      sha256Hex(`publish-token-exchange:token:${presentedToken}`),
    ]);
    return { ipKey, tokenKey };
  }

  /** Seconds until the caller may try again, or 0 when it may try now. */
  async retryAfter(caller: ExchangeCaller): Promise<number> {
    const window = this.window();
    const rows = await this.db
      .select({ callerHash: failures.callerHash, failures: failures.failures })
      .from(failures)
      .where(and(inArray(failures.callerHash, [caller.tokenKey, caller.ipKey]), eq(failures.windowStart, window)))
      .all();
    const count = (key: string) => rows.find((row) => row.callerHash === key)?.failures ?? 0;
    const limited =
      count(caller.tokenKey) >= TOKEN_FAILURES_PER_MINUTE || count(caller.ipKey) >= IP_FAILURES_PER_MINUTE;
    if (!limited) return 0;
    return Math.max(1, Math.ceil((window + WINDOW_MS - this.now()) / 1000));
  }

  /** Counts one failure of the presented token and one of the IP (and forgets their past windows). */
  async record(caller: ExchangeCaller): Promise<void> {
    const window = this.window();
    const keys = [caller.tokenKey, caller.ipKey];
    await this.db.batch([
      this.db
        .insert(failures)
        .values(keys.map((callerHash) => ({ callerHash, windowStart: window, failures: 1 })))
        .onConflictDoUpdate({
          target: [failures.callerHash, failures.windowStart],
          set: { failures: sql`${failures.failures} + 1` },
        }),
      this.db.delete(failures).where(and(inArray(failures.callerHash, keys), lt(failures.windowStart, window))),
    ]);
  }

  private window(): number {
    const now = this.now();
    return now - (now % WINDOW_MS);
  }
}
