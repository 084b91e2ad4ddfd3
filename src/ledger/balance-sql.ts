import { type SQL, sql } from "drizzle-orm";

/**
 * The balance of a user as one SQL expression over the ledger: deposits not cancelled + limited
 * coins not cancelled and not expired + admin funds - orders. Used by reads and inside the
 * refund's conditional update, so the check and the write see the same rows.
 */
export function balanceExpression(userId: number | SQL, now: number): SQL<number> {
  return sql<number>`(
    coalesce((select sum(coin_count) from iap_deposits where user_id = ${userId} and cancelled_at is null), 0)
    + coalesce((select sum(coin_count) from limited_coin_deposits where user_id = ${userId} and cancelled_at is null and expires_at > ${now}), 0)
    + coalesce((select sum(coin_count) from admin_funds where user_id = ${userId}), 0)
    - coalesce((select sum(coin_count) from orders where user_id = ${userId}), 0)
  )`;
}
