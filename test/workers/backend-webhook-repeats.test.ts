import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { iapDeposits, limitedCoinDeposits, subscriptions } from "../../src/db/backend-schema";
import { backendDb } from "../../src/db/client";
import { balanceChannel } from "../../workers/backend/balance-channel";
import {
  activeSubscription,
  checkout,
  completedEventFor,
  deliverySettings,
  eventJson,
  flushEvents,
  ledger,
  newUser,
  pay,
  postEvent,
  postEventWithEnv,
  refund,
  standInPrice,
  unique,
  webProduct,
} from "./helpers/payments";

/**
 * Repeated deliveries of a completion (the provider repeats after any 5xx, and sometimes anyway):
 * the deposit and the member bonus are decided once, by the first delivery that writes the
 * deposit; a repeat writes nothing, whatever the user's premium status has become.
 */
const db = backendDb(env);
const COINS = 500;
const RATE = 0.1;
const BONUS = 50;

/** A paid checkout of a fresh product (500 coins, +10% for members); events stay held. */
async function paidCheckout() {
  const productId = unique("repeat");
  await webProduct(productId, COINS, RATE);
  await standInPrice(productId);
  const userId = await newUser();
  const session = await checkout(userId, productId);
  const { payment_intent } = await pay(session.id);
  return { userId, paymentIntentId: payment_intent, payload: await completedEventFor(session.id) };
}

async function endPremium(subscriptionId: number): Promise<void> {
  await db.update(subscriptions).set({ cancelledAt: new Date() }).where(eq(subscriptions.id, subscriptionId));
}

const depositsOf = (paymentIntentId: string) =>
  db.select().from(iapDeposits).where(eq(iapDeposits.iapPurchaseId, paymentIntentId));
const bonusesOf = (paymentIntentId: string) =>
  db.select().from(limitedCoinDeposits).where(eq(limitedCoinDeposits.sourcePurchaseId, paymentIntentId));
const publishedBalance = async (userId: number) => (await balanceChannel(env, userId).latest())?.balance ?? null;

/** Delivers `payload` while the balance channel throws: the credit is written, then the answer is 5xx. */
function deliverWithBalanceChannelDown(payload: string): Promise<Response> {
  const channelDown = {
    idFromName: (name: string) => env.BALANCE.idFromName(name),
    get: () => ({ publish: () => Promise.reject(new Error("balance channel unavailable")) }),
  } as unknown as Env["BALANCE"];
  return postEventWithEnv(payload, { BALANCE: channelDown });
}

async function outcomesOf(responses: Response[]): Promise<string[]> {
  return Promise.all(responses.map(async (r) => ((await r.json()) as { outcome?: string }).outcome ?? `${r.status}`));
}

describe("repeated deliveries: deposit and member bonus decided once, the balance published again", {
  timeout: 30_000,
}, () => {
  beforeEach(async () => {
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
    await flushEvents(); // nothing left over from another test
  });

  it("credited before the user became premium: repeats answer duplicate and write neither deposit nor bonus", async () => {
    const { userId, paymentIntentId, payload } = await paidCheckout();
    expect(await outcomesOf([await postEvent(payload)])).toEqual(["credited"]);
    await activeSubscription(userId);

    const repeats = await Promise.all(Array.from({ length: 5 }, () => postEvent(payload)));
    expect(repeats.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await outcomesOf(repeats)).toEqual(Array(5).fill("duplicate"));
    expect(await depositsOf(paymentIntentId)).toHaveLength(1);
    expect(await bonusesOf(paymentIntentId)).toEqual([]);
    expect(await ledger.balanceOf(userId)).toBe(COINS);
  });

  it("the first delivery fails after writing the credit; the retry, the user premium by then, writes nothing and publishes the balance", async () => {
    const { userId, paymentIntentId, payload } = await paidCheckout();
    const failed = await deliverWithBalanceChannelDown(payload);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await depositsOf(paymentIntentId)).toHaveLength(1);
    expect(await publishedBalance(userId)).toBeNull();
    await activeSubscription(userId);

    const retry = await postEvent(payload);
    expect(retry.status).toBe(200);
    expect(await outcomesOf([retry])).toEqual(["duplicate"]);
    expect(await depositsOf(paymentIntentId)).toHaveLength(1);
    expect(await bonusesOf(paymentIntentId)).toEqual([]);
    expect(await ledger.balanceOf(userId)).toBe(COINS);
    // The balance the failed delivery could not publish reaches the subscription with the retry.
    expect(await publishedBalance(userId)).toBe(COINS);
  });

  it("premium at the first delivery: the bonus is written exactly once across a failed delivery and repeats, even after the membership ended", async () => {
    const { userId, paymentIntentId, payload } = await paidCheckout();
    const subscription = await activeSubscription(userId);
    expect((await deliverWithBalanceChannelDown(payload)).status).toBeGreaterThanOrEqual(500);
    expect(await bonusesOf(paymentIntentId)).toMatchObject([{ coinCount: BONUS, reason: "subscription_bonus" }]);
    await endPremium(subscription);

    const repeats = await Promise.all(Array.from({ length: 3 }, () => postEvent(payload)));
    expect(await outcomesOf(repeats)).toEqual(["duplicate", "duplicate", "duplicate"]);
    await activeSubscription(userId);
    expect(await outcomesOf([await postEvent(payload)])).toEqual(["duplicate"]);

    expect(await depositsOf(paymentIntentId)).toHaveLength(1);
    expect(await bonusesOf(paymentIntentId)).toHaveLength(1);
    expect(await ledger.balanceOf(userId)).toBe(COINS + BONUS);
    expect(await publishedBalance(userId)).toBe(COINS + BONUS);
  });

  it("a refund whose first delivery fails after the cancel: the retry answers already_cancelled and publishes the balance", async () => {
    const { userId, paymentIntentId, payload } = await paidCheckout();
    expect(await outcomesOf([await postEvent(payload)])).toEqual(["credited"]);
    expect(await publishedBalance(userId)).toBe(COINS);
    expect((await refund(paymentIntentId)).status).toBe(200);
    const refunded = eventJson("charge.refunded", {
      id: unique("ch"),
      object: "charge",
      payment_intent: paymentIntentId,
    });

    expect((await deliverWithBalanceChannelDown(refunded)).status).toBeGreaterThanOrEqual(500);
    expect(await ledger.balanceOf(userId)).toBe(0);
    expect(await publishedBalance(userId)).toBe(COINS);

    const retry = await postEvent(refunded);
    expect(await outcomesOf([retry])).toEqual(["already_cancelled"]);
    expect(await publishedBalance(userId)).toBe(0);
  });
});
