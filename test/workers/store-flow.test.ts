import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../src/db/backend-schema";
import { backendDb } from "../../src/db/client";
import { storePaymentsOf } from "../../workers/store/payments";
import { newUser } from "./auth-support";
import { PAYMENTS, pay, provider, standInPrice, unique, webProduct } from "./helpers/payments";
import { bearer, FakeBackend, STORE, storeApp } from "./store-support";

/**
 * The store through the whole platform: the real backend GraphQL (`me`, WEB products, the
 * ledger) and the payment stand-in behind the Stripe adapter, with dev IdP users.
 */
const store = (path: string, init: RequestInit & { country?: string } = {}) => {
  const { country, ...rest } = init;
  return exports.default.fetch(new Request(`${STORE}${path}`, { ...rest, ...(country ? { cf: { country } } : {}) }));
};

let productId: string;

beforeAll(async () => {
  productId = unique("web_coins");
  await webProduct(productId, 300, 0.1);
  await standInPrice(productId);
});

async function signedIn() {
  const user = await newUser();
  const res = await store("/api/me", { headers: bearer(user.idToken) });
  expect(res.status).toBe(200);
  const me = await res.json<{ user: { id: number }; balance: number; premium: boolean; bonusRate: number }>();
  return { ...user, me };
}

async function startCheckout(idToken: string, userId: number, currency?: string, locale?: string) {
  const res = await store("/api/checkout", {
    method: "POST",
    headers: bearer(idToken, { "content-type": "application/json" }),
    body: JSON.stringify({ userId, productId, ...(currency ? { currency } : {}), ...(locale ? { locale } : {}) }),
    country: "JP",
  });
  expect(res.status).toBe(200);
  const { url } = await res.json<{ url: string }>();
  return { url, sessionId: url.slice(url.lastIndexOf("/") + 1) };
}

async function standInSession(sessionId: string) {
  const res = await exports.default.fetch(`${PAYMENTS}/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
  });
  return res.json<Record<string, unknown>>();
}

describe("the store on the backend and the payment stand-in", () => {
  it("answers /api/me for a new user from the backend's `me`: id, balance 0, not premium", async () => {
    const { me } = await signedIn();
    expect(me).toEqual({ user: { id: expect.any(Number) }, balance: 0, premium: false, bonusRate: 0 });
  });

  it("shows a subscriber as premium with the highest bonus rate on sale, and credits the bonus", async () => {
    const { idToken, me } = await signedIn();
    await backendDb(env)
      .insert(subscriptions)
      .values({
        userId: me.user.id,
        store: "IOS_STORE",
        originalTransactionId: unique("sub"),
        startedAt: new Date(Date.now() - 60_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const res = await store("/api/me", { headers: bearer(idToken) });
    const premium = await res.json<{ premium: boolean; bonusRate: number }>();
    expect(premium.premium).toBe(true);
    expect(premium.bonusRate).toBeGreaterThanOrEqual(0.1);
    const { sessionId } = await startCheckout(idToken, me.user.id);
    await pay(sessionId);
    // 300 coins and 10% bonus (limited-time coins count towards the balance).
    await expect
      .poll(
        async () => (await (await store("/api/me", { headers: bearer(idToken) })).json<{ balance: number }>()).balance,
      )
      .toBe(330);
  });

  it("lists the WEB product with the stand-in's price in the override currency", async () => {
    const res = await store("/api/products?currency=hkd", { country: "JP" });
    const body = await res.json<{ products: { productId: string; coins: number; price: unknown }[] }>();
    expect(body.products).toContainEqual({
      productId,
      coins: 300,
      bonusRate: 0.1,
      price: { currency: "hkd", amount: 800 },
    });
  });

  it("creates a card-and-link payment session for the caller, then credits the coins once paid", async () => {
    const { idToken, me } = await signedIn();
    const { url, sessionId } = await startCheckout(idToken, me.user.id, "krw");
    expect(url).toBe(`${PAYMENTS}/checkout/${sessionId}`);
    expect(await standInSession(sessionId)).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["card", "link"],
      client_reference_id: String(me.user.id),
      metadata: { user_id: String(me.user.id), product_id: productId },
      currency: "krw",
      // The page's currency comes back with the buyer (the provider fills in the session id only).
      success_url: `${STORE}/result?session_id=${sessionId}&currency=krw`,
      cancel_url: `${STORE}/?checkout=cancelled&currency=krw`,
    });

    const before = await store(`/api/session-status?session_id=${sessionId}`, { headers: bearer(idToken) });
    expect(await before.json()).toMatchObject({ status: "open", paymentStatus: "unpaid", credit: "none" });

    await pay(sessionId);
    const after = await store(`/api/session-status?session_id=${sessionId}`, { headers: bearer(idToken) });
    // The stand-in delivered the completion to the webhook before Pay returned: the deposit is there.
    expect(await after.json()).toEqual({
      sessionId,
      status: "complete",
      paymentStatus: "paid",
      productId,
      credit: "credited",
    });
    await expect
      .poll(
        async () => (await (await store("/api/me", { headers: bearer(idToken) })).json<{ balance: number }>()).balance,
      )
      .toBe(300);
  });

  it("opens the checkout page in each store locale's Checkout locale (Checkout has no zh-CN: it is zh)", async () => {
    const { idToken, me } = await signedIn();
    const expected = { ja: "ja", en: "en", ko: "ko", "zh-CN": "zh", "zh-TW": "zh-TW" };
    for (const [locale, checkoutLocale] of Object.entries(expected)) {
      const { sessionId } = await startCheckout(idToken, me.user.id, undefined, locale);
      expect(await standInSession(sessionId)).toMatchObject({ status: "open", locale: checkoutLocale });
    }
  });

  it("shows another user nothing of the session", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { sessionId } = await startCheckout(owner.idToken, owner.me.user.id);
    const res = await store(`/api/session-status?session_id=${sessionId}`, { headers: bearer(stranger.idToken) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "session_not_found" });
  });

  it("answers 403 when the body's userId is another user's", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const res = await store("/api/checkout", {
      method: "POST",
      headers: bearer(stranger.idToken, { "content-type": "application/json" }),
      body: JSON.stringify({ userId: owner.me.user.id, productId }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "user_mismatch" });
  });

  it("serves the page at /store/ (index.html, no cache, CSP) and redirects /store there", async () => {
    const redirect = await store("", { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/store/");
    for (const path of ["/", "/result"]) {
      const res = await store(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      const html = await res.text();
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeTruthy();
      const asset = await store(`/${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toContain("immutable");
    }
    for (const path of ["/api/nothing", "/nope", "/assets/../index.html"]) {
      const res = await store(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });
});

describe("the store when the payment provider refuses its request", () => {
  it("answers 502 payment_request_refused (not a retryable 503) when the price was archived as the buyer clicked Buy", async () => {
    const archivedId = unique("web_coins_archived");
    const priceId = await standInPrice(archivedId);
    const backend = new FakeBackend();
    backend.products = [{ productId: archivedId, coinCount: 100, subscriptionBonusRate: 0 }];
    const real = storePaymentsOf(provider);
    const app = storeApp({
      backend,
      payments: {
        ...real,
        // The operator archives the price between the store's lookup and its checkout request.
        async pricesByLookupKeys(keys) {
          const prices = await real.pricesByLookupKeys(keys);
          await exports.default.fetch(`${PAYMENTS}/v1/prices/${priceId}`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: "active=false",
          });
          return prices;
        },
      },
    });
    const user = await newUser();
    const me = backend.addUser(user.uid);
    const res = await app(`${STORE}/api/checkout`, {
      method: "POST",
      headers: bearer(user.idToken, { "content-type": "application/json" }),
      body: JSON.stringify({ userId: me.id, productId: archivedId, locale: "zh-CN" }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: "payment_request_refused", message: expect.any(String) });
  });
});
