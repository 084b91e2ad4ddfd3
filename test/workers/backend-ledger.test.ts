import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminFunds, iapDeposits, limitedCoinDeposits, orders, subscriptions } from "../../src/db/backend-schema";
import { backendDb } from "../../src/db/client";
import { ensureUser } from "../../workers/backend/users";
import { ledger, newUser, unique, webProduct } from "./helpers/payments";

const db = backendDb(env);

describe("balance = deposits + limited coins + admin funds - orders, from the ledger", () => {
  it("sums the ledger; cancelled deposits and expired or cancelled limited coins do not count", async () => {
    const userId = await newUser();
    const now = Date.now();
    await db.insert(iapDeposits).values([
      {
        userId,
        iapPurchaseId: unique("pi"),
        paymentProvider: "WEB_PAYMENT",
        productId: "p",
        coinCount: 100,
        createdAt: new Date(now),
      },
      {
        userId,
        iapPurchaseId: unique("GPA."),
        paymentProvider: "ANDROID_STORE",
        productId: "p",
        coinCount: 50,
        createdAt: new Date(now),
      },
      {
        userId,
        iapPurchaseId: unique("pi"),
        paymentProvider: "WEB_PAYMENT",
        productId: "p",
        coinCount: 1000,
        createdAt: new Date(now),
        cancelledAt: new Date(now),
      },
    ]);
    await db.insert(limitedCoinDeposits).values([
      { userId, coinCount: 7, reason: "bonus", createdAt: new Date(now), expiresAt: new Date(now + 60_000) },
      {
        userId,
        coinCount: 500,
        reason: "expired",
        createdAt: new Date(now - 120_000),
        expiresAt: new Date(now - 60_000),
      },
      {
        userId,
        coinCount: 300,
        reason: "cancelled",
        createdAt: new Date(now),
        expiresAt: new Date(now + 60_000),
        cancelledAt: new Date(now),
      },
    ]);
    await db.insert(adminFunds).values([
      { userId, coinCount: 20, reason: "support", createdAt: new Date(now) },
      { userId, coinCount: -5, reason: "correction", createdAt: new Date(now) },
    ]);
    await db.insert(orders).values({ userId, coinCount: 30, item: "chapter-2", createdAt: new Date(now) });
    expect(await ledger.balanceOf(userId)).toBe(100 + 50 + 7 + 20 - 5 - 30);
    // Another user's rows never count.
    expect(await ledger.balanceOf(await newUser())).toBe(0);
  });
});

describe("hasActiveSubscription", () => {
  it("is true only while a subscription has started, not expired and not been cancelled", async () => {
    const now = Date.now();
    const active = await newUser();
    const expired = await newUser();
    const cancelled = await newUser();
    const row = (userId: number, expiresAt: number, cancelledAt: Date | null = null) => ({
      userId,
      store: "IOS_STORE" as const,
      originalTransactionId: unique("tx"),
      startedAt: new Date(now - 86_400_000),
      expiresAt: new Date(expiresAt),
      cancelledAt,
    });
    await db
      .insert(subscriptions)
      .values([row(active, now + 60_000), row(expired, now - 1), row(cancelled, now + 60_000, new Date())]);
    expect(await ledger.hasActiveSubscription(active)).toBe(true);
    expect(await ledger.hasActiveSubscription(expired)).toBe(false);
    expect(await ledger.hasActiveSubscription(cancelled)).toBe(false);
    expect(await ledger.hasActiveSubscription(await newUser())).toBe(false);
  });
});

describe("consumable products: applied_at revisions", () => {
  it("the latest revision not in the future is current; products come by position", async () => {
    const early = unique("rev");
    const later = unique("rev");
    await webProduct(later, 100, 0.05, 1_000_001);
    await webProduct(early, 10, 0, 1_000_000);
    // A newer revision of `later` (more coins, higher rate) and a future one that must not apply yet.
    const db2 = backendDb(env);
    const { consumableProducts } = await import("../../src/db/backend-schema");
    await db2.insert(consumableProducts).values([
      {
        productId: later,
        store: "WEB",
        coinCount: 120,
        subscriptionBonusRate: 0.08,
        appliedAt: new Date(Date.now() - 1_000),
        position: 1_000_001,
      },
      {
        productId: later,
        store: "WEB",
        coinCount: 999,
        subscriptionBonusRate: 0.15,
        appliedAt: new Date(Date.now() + 86_400_000),
        position: 1_000_001,
      },
    ]);
    const current = (await ledger.currentProducts("WEB")).filter((p) => p.productId === early || p.productId === later);
    expect(current.map((p) => [p.productId, p.coinCount, p.subscriptionBonusRate])).toEqual([
      [early, 10, 0],
      [later, 120, 0.08],
    ]);
  });
});

describe("the backend users port: ensureUser", () => {
  it("makes one users row per uid, however often it is asked", async () => {
    const uid = unique("uid");
    const ids = await Promise.all(Array.from({ length: 5 }, () => ensureUser(db, uid)));
    expect(new Set(ids).size).toBe(1);
    const { users } = await import("../../src/db/backend-schema");
    expect(await db.select().from(users).where(eq(users.idpUid, uid))).toHaveLength(1);
  });
});
