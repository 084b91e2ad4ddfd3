import { and, asc, eq, getTableColumns, gt, isNull, lte, notExists, sql } from "drizzle-orm";
import {
  adminFunds,
  consumableProducts,
  iapDeposits,
  limitedCoinDeposits,
  type StoreName,
  subscriptions,
  users,
} from "../db/backend-schema";
import type { backendDb } from "../db/client";
import { balanceExpression } from "./balance-sql";
import { bonusCoins, LIMITED_COIN_LIFETIME_MS } from "./rules";

type BackendDrizzle = ReturnType<typeof backendDb>;
export type ProductRow = typeof consumableProducts.$inferSelect;
/** A product's current revision and the product's own id (its first revision's id). */
export type CurrentProduct = ProductRow & { productKey: number };

export interface WebCredit {
  userId: number;
  productId: string;
  /** The payment intent id: the idempotency key (iap_deposits.iap_purchase_id). */
  paymentIntentId: string;
  /** The provider says the payment was already refunded: record the deposit as cancelled. */
  alreadyRefunded: boolean;
}

export type CreditResult =
  | { outcome: "credited"; coins: number; bonus: number }
  | { outcome: "duplicate" }
  | { outcome: "unknown_user" }
  | { outcome: "unknown_product" };

export type CancelResult = "cancelled" | "already_cancelled" | "not_found" | "insufficient_balance";

/** The coin ledger in BACKEND_DB. Every multi-row write is one D1 batch (atomic). */
export class CoinLedger {
  constructor(
    private readonly db: BackendDrizzle,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async balanceOf(userId: number): Promise<number> {
    const row = await this.db.get<{ balance: number }>(sql`select ${balanceExpression(userId, this.now())} as balance`);
    return Number(row?.balance ?? 0);
  }

  async hasActiveSubscription(userId: number): Promise<boolean> {
    const now = new Date(this.now());
    const [row] = await this.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          isNull(subscriptions.cancelledAt),
          lte(subscriptions.startedAt, now),
          gt(subscriptions.expiresAt, now),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** A deposit of the user's by its purchase id (another user's is none of theirs: null). */
  async depositOf(
    userId: number,
    iapPurchaseId: string,
  ): Promise<{ iapPurchaseId: string; coinCount: number; cancelled: boolean } | null> {
    const [row] = await this.db
      .select({
        iapPurchaseId: iapDeposits.iapPurchaseId,
        coinCount: iapDeposits.coinCount,
        cancelledAt: iapDeposits.cancelledAt,
      })
      .from(iapDeposits)
      .where(and(eq(iapDeposits.userId, userId), eq(iapDeposits.iapPurchaseId, iapPurchaseId)));
    return row
      ? { iapPurchaseId: row.iapPurchaseId, coinCount: row.coinCount, cancelled: row.cancelledAt !== null }
      : null;
  }

  /**
   * The current revision of each product of a store (latest applied_at not in the future), in list
   * order: position asc, then the product's id asc (productKey: the id of its first revision,
   * stable across revisions; reorderConsumableProducts names products by it).
   */
  async currentProducts(store: StoreName, productId?: string): Promise<CurrentProduct[]> {
    const now = new Date(this.now());
    const latest = sql`(select max(q.applied_at) from consumable_products q
      where q.store = ${consumableProducts.store} and q.product_id = ${consumableProducts.productId}
      and q.applied_at <= ${now.getTime()})`;
    // Spelled out: drizzle leaves columns unqualified in select fields, which inside the subquery
    // would name k's own columns.
    const productKey = sql<number>`(select min(k.id) from consumable_products k
      where k.store = consumable_products.store and k.product_id = consumable_products.product_id)`.mapWith(Number);
    return this.db
      .select({ ...getTableColumns(consumableProducts), productKey })
      .from(consumableProducts)
      .where(
        and(
          eq(consumableProducts.store, store),
          productId === undefined ? undefined : eq(consumableProducts.productId, productId),
          eq(consumableProducts.appliedAt, latest),
        ),
      )
      .orderBy(asc(consumableProducts.position), asc(productKey));
  }

  /**
   * Credits a web purchase: the product's coins (WEB, current revision) as a deposit, and for a
   * premium member the bonus as limited coins, in one batch. The unique iap_purchase_id absorbs
   * every repeated delivery, however concurrent. The bonus is decided once, with the deposit: the
   * batch writes it first and only while the purchase has no deposit (D1 runs a batch as one
   * transaction), so a repeat writes nothing, whatever the user's premium status is by then.
   */
  async creditWebPurchase(credit: WebCredit): Promise<CreditResult> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, credit.userId));
    if (!user) return { outcome: "unknown_user" };
    const [product] = await this.currentProducts("WEB", credit.productId);
    if (!product) return { outcome: "unknown_product" };
    const premium = await this.hasActiveSubscription(credit.userId);
    const bonus = bonusCoins(product.coinCount, product.subscriptionBonusRate, premium);
    const now = this.now();
    const cancelledAt = credit.alreadyRefunded ? new Date(now) : null;
    const deposit = this.db
      .insert(iapDeposits)
      .values({
        userId: credit.userId,
        iapPurchaseId: credit.paymentIntentId,
        paymentProvider: "WEB_PAYMENT",
        productId: product.productId,
        coinCount: product.coinCount,
        createdAt: new Date(now),
        cancelledAt,
      })
      .onConflictDoNothing()
      .returning({ id: iapDeposits.id });
    if (bonus === 0) {
      const [inserted] = await deposit;
      return inserted ? { outcome: "credited", coins: product.coinCount, bonus: 0 } : { outcome: "duplicate" };
    }
    const depositExists = this.db
      .select({ one: sql`1` })
      .from(iapDeposits)
      .where(eq(iapDeposits.iapPurchaseId, credit.paymentIntentId));
    const bonusOfFirstCredit = this.db
      .insert(limitedCoinDeposits)
      .select(
        this.db
          .select({
            id: sql`null`.as("id"),
            userId: users.id,
            coinCount: sql`${bonus}`.as("coin_count"),
            reason: sql`${"subscription_bonus"}`.as("reason"),
            sourcePurchaseId: sql`${credit.paymentIntentId}`.as("source_purchase_id"),
            createdAt: sql`${now}`.as("created_at"),
            expiresAt: sql`${now + LIMITED_COIN_LIFETIME_MS}`.as("expires_at"),
            cancelledAt: sql`${cancelledAt?.getTime() ?? null}`.as("cancelled_at"),
          })
          .from(users)
          .where(and(eq(users.id, credit.userId), notExists(depositExists))),
      )
      .onConflictDoNothing();
    const [, inserted] = await this.db.batch([bonusOfFirstCredit, deposit]);
    return inserted.length > 0 ? { outcome: "credited", coins: product.coinCount, bonus } : { outcome: "duplicate" };
  }

  /**
   * Refund: cancels the deposit and its bonus (cancelled_at) when the balance covers both, in one
   * batch whose updates re-check the balance themselves, so a concurrent spend cannot slip between
   * the check and the write.
   */
  async cancelDeposit(iapPurchaseId: string): Promise<{ result: CancelResult; userId: number | null }> {
    const [deposit] = await this.db.select().from(iapDeposits).where(eq(iapDeposits.iapPurchaseId, iapPurchaseId));
    if (!deposit) return { result: "not_found", userId: null };
    if (deposit.cancelledAt) return { result: "already_cancelled", userId: deposit.userId };
    const now = this.now();
    const [bonus] = await this.db
      .select({ coins: limitedCoinDeposits.coinCount })
      .from(limitedCoinDeposits)
      .where(
        and(
          eq(limitedCoinDeposits.sourcePurchaseId, iapPurchaseId),
          isNull(limitedCoinDeposits.cancelledAt),
          gt(limitedCoinDeposits.expiresAt, new Date(now)),
        ),
      );
    const takeBack = deposit.coinCount + (bonus?.coins ?? 0);
    const stamp = new Date(now);
    const [cancelled] = await this.db.batch([
      this.db
        .update(iapDeposits)
        .set({ cancelledAt: stamp })
        .where(
          and(
            eq(iapDeposits.id, deposit.id),
            isNull(iapDeposits.cancelledAt),
            sql`${balanceExpression(deposit.userId, now)} >= ${takeBack}`,
          ),
        )
        .returning({ id: iapDeposits.id }),
      this.db
        .update(limitedCoinDeposits)
        .set({ cancelledAt: stamp })
        .where(
          and(
            eq(limitedCoinDeposits.sourcePurchaseId, iapPurchaseId),
            isNull(limitedCoinDeposits.cancelledAt),
            sql`exists (select 1 from iap_deposits where id = ${deposit.id} and cancelled_at = ${stamp.getTime()})`,
          ),
        ),
    ]);
    if (cancelled.length > 0) return { result: "cancelled", userId: deposit.userId };
    const [again] = await this.db
      .select({ cancelledAt: iapDeposits.cancelledAt })
      .from(iapDeposits)
      .where(eq(iapDeposits.id, deposit.id));
    return { result: again?.cancelledAt ? "already_cancelled" : "insufficient_balance", userId: deposit.userId };
  }

  /** Operator grant (or withdrawal, negative); used by seeds and tests of the ledger sum. */
  async fundByAdmin(userId: number, coinCount: number, reason: string): Promise<void> {
    await this.db.insert(adminFunds).values({ userId, coinCount, reason, createdAt: new Date(this.now()) });
  }
}
