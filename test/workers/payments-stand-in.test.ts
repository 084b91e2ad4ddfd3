import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PaymentProviderError } from "../../src/payments";
import { StripePaymentProvider } from "../../src/payments/stripe-provider";
import {
  checkout,
  deliverySettings,
  heldEventIds,
  newUser,
  PAYMENTS,
  pay,
  provider,
  standInPrice,
  unique,
} from "./helpers/payments";

describe("the Stripe client against the payment stand-in (same code as against Stripe)", () => {
  beforeAll(async () => {
    // These tests look at the stand-in alone: its events wait instead of reaching the webhook.
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
  });

  it("lists prices by lookup key with currency_options; unknown keys are left out", async () => {
    const prices = await provider.pricesByLookupKeys(["web_coins_100", "web_coins_550", "no_such_product"]);
    expect(prices.map((price) => price.lookupKey).sort()).toEqual(["web_coins_100", "web_coins_550"]);
    const coins100 = prices.find((price) => price.lookupKey === "web_coins_100");
    expect(coins100?.currencyOptions).toEqual({
      jpy: { unitAmount: 160, taxBehavior: "inclusive" },
      krw: { unitAmount: 1500, taxBehavior: "inclusive" },
      twd: { unitAmount: 3300, taxBehavior: "inclusive" },
      hkd: { unitAmount: 800, taxBehavior: "inclusive" },
    });
  });

  it("asks for more than 10 lookup keys in several calls (Stripe's limit per call)", async () => {
    const keys = Array.from({ length: 12 }, () => unique("many"));
    await Promise.all(keys.map((key) => standInPrice(key)));
    const prices = await provider.pricesByLookupKeys(keys);
    expect(prices.map((price) => price.lookupKey).sort()).toEqual([...keys].sort());
  });

  it("creates a checkout session with the user, product, currency and the hosted page URL", async () => {
    const userId = await newUser();
    const session = await checkout(userId, "web_coins_100", "krw");
    expect(session).toMatchObject({
      status: "open",
      paymentStatus: "unpaid",
      paymentIntentId: null,
      userId,
      productId: "web_coins_100",
      currency: "krw",
      amountTotal: 1500,
    });
    expect(session.url).toBe(`${PAYMENTS}/checkout/${session.id}`);
    expect(await provider.retrieveCheckoutSession(session.id)).toEqual(session);
    // What the adapter asked the provider for (document 2, Checkout session), as the stand-in recorded it.
    const raw = await exports.default.fetch(`${PAYMENTS}/v1/checkout/sessions/${session.id}`, {
      headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    });
    expect(await raw.json()).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["card", "link"],
      client_reference_id: String(userId),
      metadata: { user_id: String(userId), product_id: "web_coins_100" },
      success_url: `http://localhost:8787/store/result?session_id=${session.id}`,
      cancel_url: "http://localhost:8787/store/",
    });
  });

  it("hosted page: shows the amount; Pay completes the session with a paid payment intent; events are signed", async () => {
    const userId = await newUser();
    const session = await checkout(userId, "web_coins_100", "hkd");
    const page = await exports.default.fetch(session.url ?? "");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("8.00 HKD");
    // The product's name, as Stripe's hosted page shows it, not the lookup key.
    expect(html).toContain('data-testid="product">100 coins<');
    expect(html).toContain(">Pay<");
    expect(html).toContain(">Cancel<");

    const before = await heldEventIds();
    const paid = await exports.default.fetch(session.url ?? "", {
      method: "POST",
      body: new URLSearchParams({ action: "pay", duplicates: "1", hold: "1" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:8787/store/result?session_id=${session.id}`);

    const completed = await provider.retrieveCheckoutSession(session.id);
    expect(completed).toMatchObject({ status: "complete", paymentStatus: "paid", url: null });
    const intent = await provider.retrievePaymentIntent(completed.paymentIntentId ?? "");
    expect(intent).toMatchObject({ paid: true, refunded: false, userId, productId: "web_coins_100" });
    // payment_intent.succeeded, charge.succeeded, checkout.session.completed wait for a flush.
    expect((await heldEventIds()).length).toBe(before.length + 3);
  });

  it("hold mode keeps every event of payments made at the same time", async () => {
    const sessions = await Promise.all([
      checkout(await newUser(), "web_coins_100"),
      checkout(await newUser(), "web_coins_550"),
    ]);
    const before = await heldEventIds();
    await Promise.all(sessions.map((session) => pay(session.id)));
    expect((await heldEventIds()).length).toBe(before.length + 6);
  });

  it("hosted page: shows the name of a new price's product (product_data[name])", async () => {
    const productId = unique("named");
    await standInPrice(productId, "Starter pack: 300 coins");
    const session = await checkout(await newUser(), productId);
    const html = await (await exports.default.fetch(session.url ?? "")).text();
    expect(html).toContain('data-testid="product">Starter pack: 300 coins<');
    expect(html).not.toContain(productId);
  });

  it("hosted page: Cancel sends the buyer back to cancel_url and leaves the session open", async () => {
    const session = await checkout(await newUser(), "web_coins_100");
    const cancelled = await exports.default.fetch(session.url ?? "", {
      method: "POST",
      body: new URLSearchParams({ action: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://localhost:8787/store/");
    expect((await provider.retrieveCheckoutSession(session.id)).status).toBe("open");
  });

  it("refuses a currency the price has no option for", async () => {
    await expect(checkout(await newUser(), "web_coins_100", "usd")).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("takes the API key as Stripe does: Bearer or Basic with the key as user name", async () => {
    const basic = await exports.default.fetch(`${PAYMENTS}/v1/prices?lookup_keys[0]=web_coins_100`, {
      headers: { authorization: `Basic ${btoa(`${env.STRIPE_SECRET_KEY}:`)}` },
    });
    expect(basic.status).toBe(200);
    const garbage = await exports.default.fetch(`${PAYMENTS}/v1/prices`, { headers: { authorization: "Basic %%%" } });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toMatchObject({ error: { type: "authentication_error" } });
  });

  it("refuses a wrong API key, as Stripe does (401)", async () => {
    const wrongKey = new StripePaymentProvider({
      secretKey: "sk_test_wrong",
      webhookSecret: null,
      api: { host: "localhost", port: 8787, protocol: "http" },
      fetch: (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        url.pathname = `/payments${url.pathname}`;
        return exports.default.fetch(new Request(url, request));
      },
    });
    const error = await wrongKey.pricesByLookupKeys(["web_coins_100"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(401);
    expect(env.STRIPE_SECRET_KEY).not.toBe("sk_test_wrong");
  });
});
