import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { iapDeposits } from "../../src/db/backend-schema";
import { backendDb } from "../../src/db/client";
import {
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
  signatureOf,
  standInPrice,
  unique,
  webProduct,
} from "./helpers/payments";
import { hostedBindings, hostedFetch } from "./hosted-build";

/**
 * Document 2: a missing payment secret (the secret API key or the webhook signing secret) makes
 * the webhook answer 400 and grant nothing, whatever the event: `secret_missing`, before the
 * event is acted on, in the dev build and in the stg/prd build alike.
 */

const db = backendDb(env);
const SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** A paid checkout of a fresh 100-coin product, credited through the webhook: its ids. */
async function creditedPurchase() {
  const productId = unique("coins");
  await webProduct(productId, 100);
  await standInPrice(productId);
  const userId = await newUser();
  const session = await checkout(userId, productId);
  const { payment_intent: paymentIntentId } = await pay(session.id);
  const credited = await postEvent(await completedEventFor(session.id));
  expect(await credited.json()).toMatchObject({ outcome: "credited" });
  return { userId, sessionId: session.id, paymentIntentId };
}

/** A paid checkout whose completion has not reached the webhook yet. */
async function paidPurchase() {
  const productId = unique("coins");
  await webProduct(productId, 100);
  await standInPrice(productId);
  const userId = await newUser();
  const session = await checkout(userId, productId);
  await pay(session.id);
  return { userId, completion: await completedEventFor(session.id) };
}

async function expectSecretMissing(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: "secret_missing" });
}

describe("the payment webhook with a payment secret missing", { timeout: 20_000 }, () => {
  let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
  beforeEach(async () => {
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
    await flushEvents();
    warn = vi.spyOn(console, "warn");
  });
  afterEach(() => warn.mockRestore());

  const notices = () => warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("opsNotice"));

  for (const secret of SECRETS) {
    describe(`${secret} unset`, () => {
      const without = { [secret]: "" };

      it("checkout.session.completed: 400 secret_missing, no coins", async () => {
        const { userId, completion } = await paidPurchase();
        await expectSecretMissing(await postEventWithEnv(completion, without));
        expect(await ledger.balanceOf(userId)).toBe(0);
        // The same delivery, once the secret is back: credited (the provider retries a 400 too).
        expect(await (await postEvent(completion)).json()).toMatchObject({ outcome: "credited" });
      });

      it("charge.refunded: 400 secret_missing, the purchase stays", async () => {
        const { userId, paymentIntentId } = await creditedPurchase();
        const refunded = eventJson("charge.refunded", {
          id: unique("ch"),
          object: "charge",
          payment_intent: paymentIntentId,
          refunded: true,
        });
        await expectSecretMissing(await postEventWithEnv(refunded, without));
        expect(await ledger.balanceOf(userId)).toBe(100);
        const [deposit] = await db.select().from(iapDeposits).where(eq(iapDeposits.iapPurchaseId, paymentIntentId));
        expect(deposit?.cancelledAt).toBeNull();
      });

      it("charge.dispute.created: 400 secret_missing, operations not notified", async () => {
        const { userId, paymentIntentId } = await creditedPurchase();
        const disputeId = unique("dp");
        const dispute = eventJson("charge.dispute.created", {
          id: disputeId,
          object: "dispute",
          charge: unique("ch"),
          payment_intent: paymentIntentId,
        });
        await expectSecretMissing(await postEventWithEnv(dispute, without));
        expect(notices().filter((line) => line.includes(disputeId))).toEqual([]);
        expect(await ledger.balanceOf(userId)).toBe(100);
        // With the secret back, the same event is a notice.
        expect(await (await postEvent(dispute)).json()).toMatchObject({ outcome: "notified" });
        expect(notices().filter((line) => line.includes(disputeId))).toHaveLength(1);
      });

      it("any other event: 400 secret_missing", async () => {
        const other = eventJson("customer.created", { id: unique("cus"), object: "customer" });
        await expectSecretMissing(await postEventWithEnv(other, without));
      });
    });
  }

  it("in the prd build: 400 secret_missing for every event type, either secret missing", async () => {
    const { userId, completion } = await paidPurchase();
    const events = [
      completion,
      eventJson("charge.refunded", { id: unique("ch"), object: "charge", payment_intent: unique("pi") }),
      eventJson("charge.dispute.created", { id: unique("dp"), object: "dispute", charge: unique("ch") }),
      eventJson("customer.created", { id: unique("cus"), object: "customer" }),
    ];
    for (const secret of SECRETS) {
      const bindings = hostedBindings("prd", { [secret]: "" });
      for (const payload of events) {
        const response = await hostedFetch(bindings, "https://api.example.com/webhook/payprov", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": await signatureOf(payload) },
          body: payload,
        });
        await expectSecretMissing(response);
      }
    }
    expect(await ledger.balanceOf(userId)).toBe(0);
  });
});
