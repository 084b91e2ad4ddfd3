import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { adminFunds, iapDeposits, limitedCoinDeposits, orders, users } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { CoinLedger } from "../../../src/ledger/coin-ledger";

type BackendDrizzle = ReturnType<typeof backendDb>;

export type DepositRow = typeof iapDeposits.$inferSelect;
export type BonusRow = typeof limitedCoinDeposits.$inferSelect;
export type AdminFundRow = typeof adminFunds.$inferSelect;

/**
 * The balance formula of document 2 in its parts, as the ledger's one SQL expression sums them
 * (src/ledger/balance-sql.ts): deposits not cancelled + limited coins not cancelled and not
 * expired + admin funds - orders. `balance` is the ledger's own answer, so a page shows both.
 */
export interface BalanceParts {
  deposits: number;
  limitedCoins: number;
  adminFunds: number;
  orders: number;
  balance: number;
}

/** A user's money as the console shows it: the formula's parts and every row behind them. */
export interface UserLedger {
  userId: number;
  createdAt: number;
  parts: BalanceParts;
  /** Newest first; a refund is a deposit with cancelledAt. */
  deposits: DepositRow[];
  /** Limited-time coins (the member bonus), newest first. */
  bonuses: BonusRow[];
  adminFunds: AdminFundRow[];
  orderCount: number;
}

const sum = (column: AnySQLiteColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The backend user of an identity-provider uid, or null when the backend never saw them. */
export async function backendUserOf(db: BackendDrizzle, idpUid: string) {
  return (await db.select().from(users).where(eq(users.idpUid, idpUid)).get()) ?? null;
}

/** The user's ledger, or null when the backend has no user for the uid. */
export async function userLedger(database: D1Database, idpUid: string, now: number): Promise<UserLedger | null> {
  const db = backendDb({ BACKEND_DB: database });
  const user = await backendUserOf(db, idpUid);
  if (!user) return null;
  const userId = user.id;
  const [deposits, bonuses, funds, active, limited, fundSum, orderSum] = await db.batch([
    db.select().from(iapDeposits).where(eq(iapDeposits.userId, userId)).orderBy(desc(iapDeposits.id)).limit(200),
    db
      .select()
      .from(limitedCoinDeposits)
      .where(eq(limitedCoinDeposits.userId, userId))
      .orderBy(desc(limitedCoinDeposits.id))
      .limit(200),
    db.select().from(adminFunds).where(eq(adminFunds.userId, userId)).orderBy(desc(adminFunds.id)).limit(200),
    db
      .select({ coins: sum(iapDeposits.coinCount) })
      .from(iapDeposits)
      .where(and(eq(iapDeposits.userId, userId), isNull(iapDeposits.cancelledAt))),
    db
      .select({ coins: sum(limitedCoinDeposits.coinCount) })
      .from(limitedCoinDeposits)
      .where(
        and(
          eq(limitedCoinDeposits.userId, userId),
          isNull(limitedCoinDeposits.cancelledAt),
          gt(limitedCoinDeposits.expiresAt, new Date(now)),
        ),
      ),
    db
      .select({ coins: sum(adminFunds.coinCount) })
      .from(adminFunds)
      .where(eq(adminFunds.userId, userId)),
    db
      .select({ coins: sum(orders.coinCount), count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, userId)),
  ]);
  const balance = await new CoinLedger(db, () => now).balanceOf(userId);
  return {
    userId,
    createdAt: user.createdAt.getTime(),
    parts: {
      deposits: active[0]?.coins ?? 0,
      limitedCoins: limited[0]?.coins ?? 0,
      adminFunds: fundSum[0]?.coins ?? 0,
      orders: orderSum[0]?.coins ?? 0,
      balance,
    },
    deposits,
    bonuses,
    adminFunds: funds,
    orderCount: orderSum[0]?.count ?? 0,
  };
}
