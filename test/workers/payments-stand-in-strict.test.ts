import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { apiOptionsFor } from "../../src/config/payments";
import { CHECKOUT_LOCALE_OF } from "../../src/payments/checkout-locale";
import type { CheckoutLocale, KnownValues } from "../../src/payments/stripe-enums";
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
  httpClient: Stripe.createFetchHttpClient(stripeApiFetch(config.stripeApi.path, config)),
  maxNetworkRetries: 0,
  telemetry: false,
  ...apiOptionsFor(config.stripeApi),
});

/** What the platform sends (src/payments/stripe-provider.ts), for one test to break one part of. */
function validSession(): Stripe.Checkout.SessionCreateParams & { payment_method_types: string[] } {
  const metadata = { user_id: "7", product_id: "web_coins_100" };
  return {
    mode: "payment",
    line_items: [{ price: "price_dev_coins_100", quantity: 1 }],
    payment_method_types: ["card", "link"],
    client_reference_id: "7",
    metadata,
    payment_intent_data: { metadata },
    success_url: "http://localhost:8787/store/result?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:8787/store/?checkout=cancelled",
    currency: "jpy",
    locale: "ja",
  };
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

/** A session with some of the valid parameters replaced (a value of undefined leaves it out). */
function createSession(changes: Record<string, unknown>) {
  const params = { ...validSession(), ...changes };
  for (const [key, value] of Object.entries(params))
    if (value === undefined) delete (params as Record<string, unknown>)[key];
  return stripe.checkout.sessions.create(params as Stripe.Checkout.SessionCreateParams);
}

beforeAll(async () => {
  await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
});

describe("the payment stand-in's checkout sessions: what Stripe takes", () => {
  it("creates the session the platform sends", async () => {
    const session = await createSession({});
    expect(session).toMatchObject({ status: "open", currency: "jpy", amount_total: 160, locale: "ja" });
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
    const error = await refusal(createSession({ payment_method_types: ["card", "bitcoin"] }));
    expect(error.param).toBe("payment_method_types[1]");
    expect(error.message).toMatch(/^Invalid payment_method_types\[1\]: must be one of .*\bcard\b.*\blink\b/);
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
