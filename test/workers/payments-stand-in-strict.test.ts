import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { apiOptionsFor } from "../../src/config/payments";
import { CHECKOUT_LOCALE_OF } from "../../src/payments/checkout-locale";
import { STRIPE_API_VERSION } from "../../src/payments/stripe-api-version";
import type { CheckoutLocale, KnownValues } from "../../src/payments/stripe-enums";
import { checkoutSessionParams } from "../../src/payments/stripe-provider";
import { STORE_LOCALES } from "../../src/store/locales";
import { stripeApiFetch } from "../../src/worker-kit/providers";
import { CHECKOUT_LOCALES } from "../../workers/dev-payments/stripe-enums";
import { config, deliverySettings, newUser, pay } from "./helpers/payments";

/**
 * The stand-in refuses what Stripe refuses, in Stripe's shape, read through the stripe package
 * itself pointed at the stand-in exactly as the platform points it (host/port/protocol and the
 * in-Worker fetch): the package must turn each answer into the StripeInvalidRequestError Stripe's
 * own answer would give.
 */
const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
  apiVersion: STRIPE_API_VERSION,
  httpClient: Stripe.createFetchHttpClient(stripeApiFetch(config.stripeApi.path, config)),
  maxNetworkRetries: 0,
  telemetry: false,
  ...apiOptionsFor(config.stripeApi),
});

/** What the platform sends (src/payments/stripe-provider.ts), for one test to break one part of. */
function validSession(): Stripe.Checkout.SessionCreateParams {
  return checkoutSessionParams({
    userId: 7,
    productId: "web_coins_100",
    priceId: "price_dev_coins_100",
    currency: "jpy",
    locale: "ja",
    successUrl: "http://localhost:8787/store/result?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:8787/store/?checkout=cancelled",
  });
}

/** The error the stripe package throws for a call, or a failure when the call succeeds. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeInvalidRequestError> {
  const error = await call.then(
    () => expect.fail("the stand-in accepted what Stripe refuses"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  const invalid = error as Stripe.errors.StripeInvalidRequestError;
  expect(invalid.statusCode).toBe(400);
  expect(invalid.type).toBe("StripeInvalidRequestError");
  expect(invalid.rawType).toBe("invalid_request_error");
  return invalid;
}

/**
 * A session with some of the platform's parameters replaced (a value of undefined leaves one
 * out), sent untyped through the package's raw request: the values under test are ones the
 * pinned types refuse, and no cast widens them.
 */
function createSession(changes: Record<string, unknown>): Promise<Stripe.Checkout.Session> {
  const params: Record<string, unknown> = { ...validSession(), ...changes };
  for (const [key, value] of Object.entries(params)) if (value === undefined) delete params[key];
  return stripe.rawRequest("POST", "/v1/checkout/sessions", params);
}

/** A one-time price of `unitAmount` in `currency`, for a session's total. */
async function priceOf(currency: string, unitAmount: number): Promise<string> {
  return (await stripe.prices.create({ currency, unit_amount: unitAmount, product_data: { name: "coins" } })).id;
}

beforeAll(async () => {
  await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
});

describe("the payment stand-in's checkout sessions: what Stripe takes", () => {
  it("creates the session the platform sends, restricted to card and link", async () => {
    const session = await stripe.checkout.sessions.create(validSession());
    expect(session).toMatchObject({
      status: "open",
      currency: "jpy",
      amount_total: 160,
      locale: "ja",
      allowed_payment_method_types: ["card", "link"],
      payment_method_types: ["card", "link"],
    });
    const cardOnly = await createSession({ allowed_payment_method_types: ["card"] });
    expect(cardOnly.payment_method_types).toEqual(["card"]);
  });

  it("refuses payment_method_types, which API version 2026-10-28.endive removed from sessions (parameter_unknown)", async () => {
    expect(STRIPE_API_VERSION).toBe("2026-10-28.endive");
    const error = await refusal(
      createSession({ allowed_payment_method_types: undefined, payment_method_types: ["card", "link"] }),
    );
    expect(error).toMatchObject({ code: "parameter_unknown", param: "payment_method_types" });
  });

  it("refuses locale zh-CN as Stripe does: an enum value Checkout does not have, listed in the message", async () => {
    const error = await refusal(createSession({ locale: "zh-CN" }));
    expect(error.param).toBe("locale");
    expect(error.code).toBeUndefined();
    expect(error.message).toBe(`Invalid locale: must be one of ${CHECKOUT_LOCALES.slice(0, -1).join(", ")}, or zh-TW`);
    expect(error.message).toContain(", zh, zh-HK, or zh-TW");
  });

  it("takes every Checkout locale the stripe package lists, and each store locale's mapped one", async () => {
    expect(CHECKOUT_LOCALES).toContain("zh");
    expect(CHECKOUT_LOCALES).not.toContain("zh-CN");
    for (const locale of ["auto", "zh", "zh-HK", "en-GB", "es-419"]) {
      expect((await createSession({ locale })).locale).toBe(locale);
    }
    for (const storeLocale of STORE_LOCALES) {
      expect(CHECKOUT_LOCALES).toContain(CHECKOUT_LOCALE_OF[storeLocale]);
    }
    // The map's values are Checkout's named locales, not the package's catch-all string.
    expectTypeOf(CHECKOUT_LOCALE_OF["zh-CN"]).toEqualTypeOf<CheckoutLocale>();
    expectTypeOf<(typeof CHECKOUT_LOCALES)[number]>().toEqualTypeOf<
      KnownValues<Stripe.Checkout.SessionCreateParams.Locale>
    >();
  });

  it("refuses an empty locale as an attempt to unset it (parameter_invalid_empty)", async () => {
    const error = await refusal(createSession({ locale: "" }));
    expect(error).toMatchObject({ code: "parameter_invalid_empty", param: "locale" });
  });

  it("refuses an unknown currency, and a currency the price has no option for", async () => {
    const unknown = await refusal(createSession({ currency: "xyz" }));
    expect(unknown).toMatchObject({ param: "currency", message: "Invalid currency: xyz." });
    const notOffered = await refusal(createSession({ currency: "usd" }));
    expect(notOffered.param).toBe("currency");
    expect(notOffered.message).toContain("no currency_options for usd");
  });

  it("refuses a payment method type Checkout does not have, naming the item", async () => {
    const error = await refusal(createSession({ allowed_payment_method_types: ["card", "bitcoin"] }));
    expect(error.param).toBe("allowed_payment_method_types[1]");
    expect(error.message).toMatch(/^Invalid allowed_payment_method_types\[1\]: must be one of .*\bcard\b.*\blink\b/);
  });

  it("refuses a total under Stripe's minimum charge of its currency (amount_too_small), and takes the minimum", async () => {
    // Stripe's table: ¥50, $0.50, HK$4.00; TWD and KRW convert to the JPY minimum (charge-limits.ts).
    const minimums = { jpy: 50, usd: 50, hkd: 400, twd: 1_500, krw: 700 };
    for (const [currency, minimum] of Object.entries(minimums)) {
      const under = await refusal(
        createSession({
          line_items: [{ price: await priceOf(currency, minimum - 1), quantity: 1 }],
          currency: undefined,
        }),
      );
      expect(under.code).toBe("amount_too_small");
      expect(under.message).toMatch(
        new RegExp(`^The Checkout Session's total amount due must add up to at least .* ${currency}$`),
      );
      const at = await createSession({
        line_items: [{ price: await priceOf(currency, minimum), quantity: 1 }],
        currency: undefined,
      });
      expect(at).toMatchObject({ currency, amount_total: minimum });
    }
    const jpy = await refusal(
      createSession({ line_items: [{ price: await priceOf("jpy", 49), quantity: 1 }], currency: undefined }),
    );
    expect(jpy.message).toBe("The Checkout Session's total amount due must add up to at least ¥50 jpy");
    const usd = await refusal(
      createSession({ line_items: [{ price: await priceOf("usd", 49), quantity: 1 }], currency: undefined }),
    );
    expect(usd.message).toBe("The Checkout Session's total amount due must add up to at least $0.50 usd");
    // The total counts, not each item: two at ¥25 make ¥50.
    const two = await createSession({
      line_items: [{ price: await priceOf("jpy", 25), quantity: 2 }],
      currency: undefined,
    });
    expect(two.amount_total).toBe(50);
  });

  it("refuses a currency whose minimum charge the stand-in does not know, rather than passing it unchecked", async () => {
    const error = await refusal(
      createSession({ line_items: [{ price: await priceOf("inr", 5_000), quantity: 1 }], currency: undefined }),
    );
    expect(error.param).toBe("currency");
    expect(error.message).toContain("knows no minimum charge for inr");
  });

  it("refuses a mode Checkout does not have, and one the stand-in does not implement", async () => {
    const typo = await refusal(createSession({ mode: "payments" }));
    expect(typo).toMatchObject({
      param: "mode",
      message: "Invalid mode: must be one of payment, setup, or subscription",
    });
    expect((await refusal(createSession({ mode: "subscription" }))).param).toBe("mode");
  });

  it("enforces Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500", async () => {
    const long = await refusal(createSession({ metadata: { user_id: "x".repeat(501) } }));
    expect(long.param).toBe("metadata");
    expect(long.message).toContain("up to 500 characters");
    const accepted = await createSession({ metadata: { ["k".repeat(40)]: "v".repeat(500) } });
    expect(accepted.metadata).toEqual({ ["k".repeat(40)]: "v".repeat(500) });
    const key = await refusal(createSession({ metadata: { ["k".repeat(41)]: "v" } }));
    expect(key.param).toBe("metadata");
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, "v"]));
    expect((await refusal(createSession({ metadata: many }))).message).toContain("up to 50 keys");
    const nested = await refusal(createSession({ payment_intent_data: { metadata: { user_id: "x".repeat(501) } } }));
    expect(nested.param).toBe("payment_intent_data[metadata]");
  });

  it("refuses a line item without a price, with an unknown or archived price, or a quantity that is not a positive integer", async () => {
    const missing = await refusal(createSession({ line_items: [{ quantity: 1 }] }));
    expect(missing).toMatchObject({ code: "parameter_missing", param: "line_items[0][price]" });
    const unknown = await refusal(createSession({ line_items: [{ price: "price_nope", quantity: 1 }] }));
    expect(unknown).toMatchObject({
      code: "resource_missing",
      param: "line_items[0][price]",
      message: "No such price: 'price_nope'",
    });
    const zero = await refusal(createSession({ line_items: [{ price: "price_dev_coins_100", quantity: 0 }] }));
    expect(zero.param).toBe("line_items[0][quantity]");
    const half = await refusal(createSession({ line_items: [{ price: "price_dev_coins_100", quantity: 1.5 }] }));
    expect(half).toMatchObject({ code: "parameter_invalid_integer", param: "line_items[0][quantity]" });
    expect((await refusal(createSession({ line_items: undefined }))).code).toBe("parameter_missing");

    const archived = await stripe.prices.create({
      currency: "jpy",
      unit_amount: 100,
      product_data: { name: "archived" },
    });
    await stripe.prices.update(archived.id, { active: false });
    const inactive = await refusal(createSession({ line_items: [{ price: archived.id, quantity: 1 }] }));
    expect(inactive.param).toBe("line_items[0][price]");
    expect(inactive.message).toContain("inactive");
  });

  it("sums several line items in the session's currency", async () => {
    const session = await createSession({
      line_items: [
        { price: "price_dev_coins_100", quantity: 2 },
        { price: "price_dev_coins_550", quantity: 1 },
      ],
    });
    expect(session.amount_total).toBe(2 * 160 + 800);
  });

  it("refuses a client_reference_id over 200 characters, and return URLs that are not absolute", async () => {
    expect((await refusal(createSession({ client_reference_id: "1".repeat(201) }))).param).toBe("client_reference_id");
    await createSession({ client_reference_id: "1".repeat(200) });
    const relative = await refusal(createSession({ success_url: "/store/result" }));
    expect(relative).toMatchObject({ code: "url_invalid", param: "success_url" });
    const scheme = await refusal(createSession({ cancel_url: "javascript:alert(1)" }));
    expect(scheme).toMatchObject({ code: "url_invalid", param: "cancel_url" });
  });

  it("refuses a parameter it does not know instead of ignoring it (parameter_unknown)", async () => {
    const error = await refusal(createSession({ customer_emial: "a@example.com" }));
    expect(error).toMatchObject({ code: "parameter_unknown", param: "customer_emial" });
    expect(error.message).toMatch(/^Received unknown parameter: customer_emial/);
    const nested = await refusal(
      createSession({ line_items: [{ price: "price_dev_coins_100", quantity: 1, tax: 1 }] }),
    );
    expect(nested).toMatchObject({ code: "parameter_unknown", param: "line_items[0][tax]" });
  });
});

describe("the payment stand-in's prices and refunds: what Stripe takes", () => {
  it("lists at most 10 lookup keys per call, as Stripe does", async () => {
    const keys = Array.from({ length: 11 }, (_, i) => `key_${i}`);
    expect((await refusal(stripe.prices.list({ lookup_keys: keys }))).param).toBe("lookup_keys");
    const prices = await stripe.prices.list({ lookup_keys: ["web_coins_100"], expand: ["data.currency_options"] });
    expect(prices.data[0]?.currency_options?.hkd?.unit_amount).toBe(800);
  });

  it("creates prices only with a product, an integer amount, a known currency and tax behavior", async () => {
    const base = { currency: "jpy", unit_amount: 100, product_data: { name: "coins" } };
    expect((await refusal(stripe.prices.create({ ...base, product_data: undefined }))).code).toBe("parameter_missing");
    const noProduct = await refusal(stripe.prices.create({ ...base, product_data: undefined, product: "prod_nope" }));
    expect(noProduct).toMatchObject({ code: "resource_missing", param: "product" });
    const sameProduct = await stripe.prices.create({ ...base, product_data: undefined, product: "prod_web_coins_100" });
    expect(sameProduct.product).toBe("prod_web_coins_100");
    expect((await refusal(stripe.prices.create({ ...base, unit_amount: 1.5 }))).code).toBe("parameter_invalid_integer");
    expect((await refusal(stripe.prices.create({ ...base, currency: "yen" }))).param).toBe("currency");
    const tax = await refusal(stripe.prices.create({ ...base, tax_behavior: "included" }));
    expect(tax.message).toBe("Invalid tax_behavior: must be one of exclusive, inclusive, or unspecified");
    const taken = await refusal(stripe.prices.create({ ...base, lookup_key: "web_coins_100" }));
    expect(taken.param).toBe("lookup_key");
  });

  it("refunds in part, then refuses more than is left, an unknown reason and an unknown payment intent", async () => {
    const session = await createSession({ metadata: { user_id: String(await newUser()) } });
    const { payment_intent } = await pay(session.id);
    const part = await stripe.refunds.create({ payment_intent, amount: 60 });
    expect(part.amount).toBe(60);
    const intent = await stripe.paymentIntents.retrieve(payment_intent, { expand: ["latest_charge"] });
    expect(intent.latest_charge).toMatchObject({ amount_refunded: 60, refunded: false });
    expect((await refusal(stripe.refunds.create({ payment_intent, amount: 101 }))).param).toBe("amount");
    expect((await refusal(stripe.refunds.create({ payment_intent, reason: "changed_mind" }))).param).toBe("reason");
    const unknown = await refusal(stripe.refunds.create({ payment_intent: "pi_nope" }));
    expect(unknown).toMatchObject({ code: "resource_missing", param: "payment_intent" });
    expect((await stripe.refunds.create({ payment_intent })).amount).toBe(100);
  });

  it("answers a path id it does not know with 404 resource_missing", async () => {
    const error = await stripe.paymentIntents.retrieve("pi_nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id" });
  });
});
