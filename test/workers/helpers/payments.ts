import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { handlePlatformRequest } from "../../../platform";
import { configFor } from "../../../src/config";
import { consumableProducts, subscriptions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { CoinLedger } from "../../../src/ledger/coin-ledger";
import { paymentProviderFor } from "../../../src/worker-kit/providers";
import { ensureUser } from "../../../workers/backend/users";

export const config = configFor(env);
export const API = "http://localhost:8787/backend";
export const PAYMENTS = "http://localhost:8787/payments";
export const provider = paymentProviderFor(env, config);
export const ledger = new CoinLedger(backendDb(env));

let counter = 0;
/** A name no other test of this run uses (state is shared within a file). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

/** A WEB product revision in BACKEND_DB, applied a minute ago. */
export async function webProduct(
  productId: string,
  coinCount: number,
  subscriptionBonusRate = 0,
  position = 0,
): Promise<void> {
  await backendDb(env)
    .insert(consumableProducts)
    .values({
      productId,
      store: "WEB",
      coinCount,
      subscriptionBonusRate,
      appliedAt: new Date(Date.now() - 60_000),
      position,
    });
}

/** A price at the stand-in with lookup_key = productId (JPY 160, KRW/TWD/HKD options), its product named. */
export async function standInPrice(lookupKey: string, productName = lookupKey): Promise<string> {
  const response = await exports.default.fetch(`${PAYMENTS}/v1/prices`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      currency: "jpy",
      unit_amount: "160",
      lookup_key: lookupKey,
      tax_behavior: "inclusive",
      "product_data[name]": productName,
      "currency_options[krw][unit_amount]": "1500",
      "currency_options[krw][tax_behavior]": "inclusive",
      "currency_options[hkd][unit_amount]": "800",
      "currency_options[hkd][tax_behavior]": "inclusive",
    }),
  });
  if (!response.ok) throw new Error(`price not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A backend user (users.id) for a fresh uid. */
export function newUser(): Promise<number> {
  return ensureUser(backendDb(env), unique("uid"));
}

/** Makes the user premium: an active subscription (started a minute ago, a day left); its id. */
export async function activeSubscription(userId: number): Promise<number> {
  const [row] = await backendDb(env)
    .insert(subscriptions)
    .values({
      userId,
      store: "IOS_STORE",
      originalTransactionId: unique("sub"),
      startedAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error("subscription not written");
  return row.id;
}

/** Stand-in delivery settings (hold: events wait for flush). */
export async function deliverySettings(settings: {
  mode?: "immediate" | "hold";
  duplicates?: number;
  order?: "normal" | "reversed";
  delayMs?: number;
}): Promise<void> {
  const response = await exports.default.fetch(`${PAYMENTS}/dev/settings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`settings refused: ${response.status}`);
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  status: number | null;
}

export async function flushEvents(options: { order?: "normal" | "reversed"; duplicates?: number } = {}) {
  const response = await exports.default.fetch(`${PAYMENTS}/dev/events/flush`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options),
  });
  return ((await response.json()) as { deliveries: DeliveryRecord[] }).deliveries;
}

export async function heldEventIds(): Promise<string[]> {
  const response = await exports.default.fetch(`${PAYMENTS}/dev/events`);
  return ((await response.json()) as { held: string[] }).held;
}

export async function resend(eventId: string, times = 1): Promise<DeliveryRecord[]> {
  const response = await exports.default.fetch(`${PAYMENTS}/dev/events/${eventId}/resend`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ times }),
  });
  return ((await response.json()) as { deliveries: DeliveryRecord[] }).deliveries;
}

/** A checkout session for a user and product made through the platform's Stripe client. */
export async function checkout(userId: number, productId: string, currency?: string) {
  const [price] = await provider.pricesByLookupKeys([productId]);
  if (!price) throw new Error(`no price for ${productId}`);
  return provider.createCheckoutSession({
    userId,
    productId,
    priceId: price.priceId,
    currency,
    successUrl: "http://localhost:8787/store/result?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:8787/store/",
  });
}

/** Pays a session at the stand-in as the hosted page's Pay button does (events per settings). */
export async function pay(sessionId: string): Promise<{ payment_intent: string }> {
  const response = await exports.default.fetch(`${PAYMENTS}/dev/checkout/${sessionId}/pay`, { method: "POST" });
  if (!response.ok) throw new Error(`pay failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { payment_intent: string };
}

export async function refund(paymentIntentId: string): Promise<Response> {
  return exports.default.fetch(`${PAYMENTS}/v1/refunds`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ payment_intent: paymentIntentId }),
  });
}

/** The stripe-signature header of a payload, signed with the test run's webhook secret. */
export function signatureOf(payload: string): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: env.STRIPE_WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

/** Posts a raw event to the webhook, signed with the test run's secret unless a header is given. */
export async function postEvent(payload: string, signature?: string | null): Promise<Response> {
  const header = signature === undefined ? await signatureOf(payload) : signature;
  return exports.default.fetch(`${API}/webhook/payprov`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(header === null ? {} : { "stripe-signature": header }) },
    body: payload,
  });
}

/** A Stripe-shaped event JSON. */
export function eventJson(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: unique("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

/** The checkout.session.completed event of a session as the stand-in holds it now. */
export async function completedEventFor(sessionId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await exports.default.fetch(`${PAYMENTS}/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
  });
  return eventJson("checkout.session.completed", { ...((await response.json()) as object), ...overrides });
}

/**
 * Posts a signed event to the webhook of the Worker run with some of its env replaced (a secret
 * missing or refused, a binding that fails), as production would run it.
 */
export async function postEventWithEnv(payload: string, overrides: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await handlePlatformRequest(
    new Request(`${API}/webhook/payprov`, {
      method: "POST",
      headers: { "stripe-signature": await signatureOf(payload) },
      body: payload,
    }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
