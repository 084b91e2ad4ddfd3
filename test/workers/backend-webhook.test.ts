import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { iapDeposits, limitedCoinDeposits, orders } from "../../src/db/backend-schema";
import { backendDb } from "../../src/db/client";
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
  resend,
  signatureOf,
  standInPrice,
  unique,
  webProduct,
} from "./helpers/payments";

const db = backendDb(env);
/** Tests that send 50 to 150 deliveries: room for a loaded shared machine (no timing asserted). */
const HEAVY_TIMEOUT_MS = 60_000;

async function depositsOf(paymentIntentId: string) {
  return db.select().from(iapDeposits).where(eq(iapDeposits.iapPurchaseId, paymentIntentId));
}

/** Pays a fresh product's checkout with events held; returns the ids the tests need. */
async function paidCheckout(coins = 100, rate = 0) {
  const productId = unique("coins");
  await webProduct(productId, coins, rate);
  await standInPrice(productId);
  const userId = await newUser();
  const session = await checkout(userId, productId);
  const paid = await pay(session.id);
  return { productId, userId, sessionId: session.id, paymentIntentId: paid.payment_intent };
}

/** Operations notices written as log lines (the notifier's structured line). */
function noticeLines(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return spy.mock.calls
    .map((call) => String(call[0]))
    .filter((line: string) => line.includes('"operations notice"'))
    .map((line: string) => JSON.parse(line) as Record<string, unknown>);
}

// Each test drives the stand-in and the webhook through several requests: room for a loaded machine.
describe("POST /webhook/payprov", { timeout: 20_000 }, () => {
  let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
  beforeEach(async () => {
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
    await flushEvents(); // nothing left over from another test
    warn = vi.spyOn(console, "warn");
  });
  afterEach(() => warn.mockRestore());

  describe("signature (on the raw body)", () => {
    it("valid: the completed checkout credits the product's coins", async () => {
      const { userId, sessionId, paymentIntentId } = await paidCheckout(120);
      const response = await postEvent(await completedEventFor(sessionId));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: "credited" });
      expect(await ledger.balanceOf(userId)).toBe(120);
      expect(await depositsOf(paymentIntentId)).toMatchObject([
        { userId, coinCount: 120, paymentProvider: "WEB_PAYMENT", cancelledAt: null },
      ]);
    });

    it("signed with another secret: 400, nothing granted", async () => {
      const { userId, sessionId } = await paidCheckout();
      const payload = await completedEventFor(sessionId);
      const Stripe = (await import("stripe")).default;
      const forged = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: "whsec_not_the_endpoint_secret",
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
      const response = await postEvent(payload, forged);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "signature_invalid" });
      expect(await ledger.balanceOf(userId)).toBe(0);
    });

    it("no signature header: 400, nothing granted", async () => {
      const { userId, sessionId } = await paidCheckout();
      const response = await postEvent(await completedEventFor(sessionId), null);
      expect(response.status).toBe(400);
      expect(await ledger.balanceOf(userId)).toBe(0);
    });

    it("tampered body (signature of the original): 400, nothing granted", async () => {
      const { userId, sessionId } = await paidCheckout();
      const original = await completedEventFor(sessionId);
      const signature = await signatureOf(original);
      const tampered = original.replace(`"user_id":"${userId}"`, `"user_id":"${userId + 1}"`);
      expect(tampered).not.toBe(original);
      const response = await postEvent(tampered, signature);
      expect(response.status).toBe(400);
      expect(await ledger.balanceOf(userId)).toBe(0);
      expect(await ledger.balanceOf(userId + 1)).toBe(0);
    });

    it("signing secret missing in the environment: 400, nothing granted", async () => {
      const { userId, sessionId } = await paidCheckout();
      const payload = await completedEventFor(sessionId);
      const response = await postEventWithEnv(payload, { STRIPE_WEBHOOK_SECRET: "" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "secret_missing" });
      expect(await ledger.balanceOf(userId)).toBe(0);
    });
  });

  it("checkout.session.completed not paid: skipped, nothing granted", async () => {
    const productId = unique("coins");
    await webProduct(productId, 100);
    await standInPrice(productId);
    const userId = await newUser();
    const session = await checkout(userId, productId);
    const response = await postEvent(await completedEventFor(session.id, { payment_status: "unpaid" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "skipped_not_paid" });
    expect(await ledger.balanceOf(userId)).toBe(0);
  });

  it(
    "50 concurrent deliveries of the same completion credit exactly once",
    async () => {
      const { userId, sessionId, paymentIntentId } = await paidCheckout(300);
      const payload = await completedEventFor(sessionId);
      const responses = await Promise.all(Array.from({ length: 50 }, () => postEvent(payload)));
      const outcomes = await Promise.all(responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(49);
      expect(await depositsOf(paymentIntentId)).toHaveLength(1);
      expect(await ledger.balanceOf(userId)).toBe(300);
    },
    HEAVY_TIMEOUT_MS,
  );

  it(
    "the stand-in told to send 50 copies of each event, last first: credited exactly once",
    async () => {
      const { userId } = await paidCheckout(250);
      const deliveries = await flushEvents({ duplicates: 50, order: "reversed" });
      expect(deliveries).toHaveLength(150);
      expect(deliveries[0]?.type).toBe("checkout.session.completed");
      expect(deliveries.every((d) => d.status === 200)).toBe(true);
      expect(await ledger.balanceOf(userId)).toBe(250);
    },
    HEAVY_TIMEOUT_MS,
  );

  describe("charge.refunded", () => {
    it("balance covers it: the deposit is cancelled (cancelled_at) and the coins leave the balance", async () => {
      const { userId, paymentIntentId } = await paidCheckout(100);
      await flushEvents();
      expect(await ledger.balanceOf(userId)).toBe(100);
      expect((await refund(paymentIntentId)).status).toBe(200);
      const [delivery] = await flushEvents();
      expect(delivery).toMatchObject({ type: "charge.refunded", status: 200 });
      expect(await ledger.balanceOf(userId)).toBe(0);
      const [deposit] = await depositsOf(paymentIntentId);
      expect(deposit?.cancelledAt).toBeInstanceOf(Date);
    });

    it("delivered before its completion event: no coins granted, whatever the order", async () => {
      const { userId, paymentIntentId } = await paidCheckout(100);
      await refund(paymentIntentId);
      // Held: payment_intent.succeeded, charge.succeeded, checkout.session.completed, charge.refunded.
      const deliveries = await flushEvents({ order: "reversed" });
      expect(deliveries.map((d) => d.type)).toEqual([
        "charge.refunded",
        "checkout.session.completed",
        "charge.succeeded",
        "payment_intent.succeeded",
      ]);
      // The refund could not find the purchase yet: 5xx, so the provider retries it.
      expect(deliveries[0]?.status).toBe(503);
      expect(deliveries[1]?.status).toBe(200);
      expect(await ledger.balanceOf(userId)).toBe(0);
      const [deposit] = await depositsOf(paymentIntentId);
      expect(deposit?.cancelledAt).toBeInstanceOf(Date);
      // The provider's retry of the refund now succeeds and changes nothing.
      const [retry] = await resend(deliveries[0]?.eventId ?? "");
      expect(retry?.status).toBe(200);
      expect(await ledger.balanceOf(userId)).toBe(0);
    });

    it("balance insufficient: skipped, the deposit stays, operations are notified", async () => {
      const { userId, paymentIntentId } = await paidCheckout(100);
      await flushEvents();
      await db.insert(orders).values({ userId, coinCount: 60, item: "story-1", createdAt: new Date() });
      expect(await ledger.balanceOf(userId)).toBe(40);
      await refund(paymentIntentId);
      const [delivery] = await flushEvents();
      expect(delivery?.status).toBe(200);
      expect(await ledger.balanceOf(userId)).toBe(40);
      expect((await depositsOf(paymentIntentId))[0]?.cancelledAt).toBeNull();
      expect(noticeLines(warn)).toContainEqual(
        expect.objectContaining({ opsNotice: "refund_not_covered", userId, paymentIntentId }),
      );
    });
  });

  it("charge.dispute.created: operations notified, nothing else changes", async () => {
    const { userId, paymentIntentId } = await paidCheckout(100);
    await flushEvents();
    const { exports } = await import("cloudflare:workers");
    const dispute = await exports.default.fetch(
      `http://localhost:8787/payments/dev/payment_intents/${paymentIntentId}/dispute`,
      {
        method: "POST",
      },
    );
    const { id: disputeId } = (await dispute.json()) as { id: string };
    const [delivery] = await flushEvents();
    expect(delivery).toMatchObject({ type: "charge.dispute.created", status: 200 });
    expect(await ledger.balanceOf(userId)).toBe(100);
    expect((await depositsOf(paymentIntentId))[0]?.cancelledAt).toBeNull();
    expect(noticeLines(warn)).toContainEqual(expect.objectContaining({ opsNotice: "dispute_created", disputeId }));
  });

  it("a processing failure (product unknown to the backend) answers 5xx; the provider's retry then succeeds", async () => {
    const productId = unique("later");
    await standInPrice(productId); // at the provider, not yet in consumable_products
    const userId = await newUser();
    const session = await checkout(userId, productId);
    await pay(session.id);
    const deliveries = await flushEvents();
    const completion = deliveries.find((d) => d.type === "checkout.session.completed");
    expect(completion?.status).toBe(503);
    expect(await ledger.balanceOf(userId)).toBe(0);

    await webProduct(productId, 70);
    const [retry] = await resend(completion?.eventId ?? "");
    expect(retry?.status).toBe(200);
    expect(await ledger.balanceOf(userId)).toBe(70);
  });

  it("the provider unreachable for the refetch: 5xx, nothing granted; the retry then succeeds", async () => {
    const { userId, sessionId } = await paidCheckout(90);
    const payload = await completedEventFor(sessionId);
    // A key the provider refuses: the payment intent cannot be refetched.
    const response = await postEventWithEnv(payload, { STRIPE_SECRET_KEY: "sk_test_revoked" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: "payment_provider_unavailable" });
    expect(await ledger.balanceOf(userId)).toBe(0);

    const retry = await postEvent(payload);
    expect(retry.status).toBe(200);
    expect(await ledger.balanceOf(userId)).toBe(90);
  });

  it("unknown user: 5xx so the provider retries", async () => {
    const { sessionId } = await paidCheckout();
    const response = await postEvent(
      await completedEventFor(sessionId, { metadata: { user_id: "99999999", product_id: "web_coins_100" } }),
    );
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(await response.json()).toMatchObject({ error: "unknown_user" });
  });

  it("a premium member's purchase writes the bonus into limited_coin_deposits in the same batch", async () => {
    const { productId } = { productId: unique("bonus") };
    await webProduct(productId, 550, 0.1);
    await standInPrice(productId);
    const userId = await newUser();
    await activeSubscription(userId);
    const session = await checkout(userId, productId);
    const { payment_intent } = await pay(session.id);
    await flushEvents({ duplicates: 5 });
    const [deposit] = await depositsOf(payment_intent);
    const bonus = await db
      .select()
      .from(limitedCoinDeposits)
      .where(eq(limitedCoinDeposits.sourcePurchaseId, payment_intent));
    expect(deposit?.coinCount).toBe(550);
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatchObject({ userId, coinCount: 55, reason: "subscription_bonus", cancelledAt: null });
    expect(bonus[0]?.createdAt.getTime()).toBe(deposit?.createdAt.getTime());
    expect(await ledger.balanceOf(userId)).toBe(605);
  });

  it("a member without an active subscription gets no bonus", async () => {
    const productId = unique("nobonus");
    await webProduct(productId, 550, 0.1);
    await standInPrice(productId);
    const userId = await newUser();
    const session = await checkout(userId, productId);
    const { payment_intent } = await pay(session.id);
    await flushEvents();
    expect(
      await db.select().from(limitedCoinDeposits).where(eq(limitedCoinDeposits.sourcePurchaseId, payment_intent)),
    ).toEqual([]);
    expect(await ledger.balanceOf(userId)).toBe(550);
  });

  it("other event types are acknowledged and ignored", async () => {
    const response = await postEvent(eventJson("customer.created", { id: "cus_1", object: "customer" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "ignored" });
  });
});
