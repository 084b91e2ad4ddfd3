import { Hono } from "hono";
import { z } from "zod";
import { formatBaseUrl } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { publicSession } from "../actions";
import { type CheckoutSessionObject, newId, nowSeconds, type PriceObject } from "../objects";
import { absoluteUrl, currency, integer, invalidRequest, metadata, noSuchParam, stripeParams, text } from "../params";
import { formBody, notFoundError, queryOf, type StandIn, standInOf } from "../stand-in";
import { CHECKOUT_LOCALES, CHECKOUT_MODES, CHECKOUT_PAYMENT_METHOD_TYPES } from "../stripe-enums";

/** Stripe's limit on line items of a payment-mode session. */
const MAX_LINE_ITEMS = 100;

/**
 * The parameters of POST /v1/checkout/sessions the platform sends, checked as Stripe checks them
 * (docs/payments.md); any other parameter is refused as unknown rather than silently ignored.
 */
const createSessionParams = z.strictObject({
  mode: z.enum(CHECKOUT_MODES),
  line_items: z
    .array(z.strictObject({ price: text(), quantity: integer(1) }))
    .refine((items) => items.length <= MAX_LINE_ITEMS, {
      message: `Invalid array: line_items can have at most ${MAX_LINE_ITEMS} entries`,
    }),
  payment_method_types: z.array(z.enum(CHECKOUT_PAYMENT_METHOD_TYPES)).optional(),
  client_reference_id: text(200).optional(),
  metadata: metadata.optional(),
  payment_intent_data: z.strictObject({ metadata: metadata.optional() }).optional(),
  success_url: absoluteUrl,
  cancel_url: absoluteUrl.optional(),
  currency: currency.optional(),
  locale: z.enum(CHECKOUT_LOCALES).optional(),
});
type LineItem = z.infer<typeof createSessionParams>["line_items"][number];

/**
 * Every line item's price exists and is active, and has the session's currency (the `currency`
 * parameter, else the first price's own): the session's total in that currency, in minor units.
 */
async function totalOf(
  standIn: StandIn,
  items: readonly LineItem[],
  requested: string | undefined,
): Promise<{ currency: string; amount: number; firstPrice: PriceObject }> {
  const prices = await Promise.all(items.map((item) => standIn.store.get("price", item.price)));
  const checked = items.map((item, index) => {
    const price = prices[index];
    const param = `line_items[${index}][price]`;
    if (!price) throw noSuchParam("price", item.price, param);
    if (!price.active) {
      throw invalidRequest("The price specified is inactive. This field only accepts active prices.", param);
    }
    return { item, price, param };
  });
  const [first] = checked;
  if (!first) throw invalidRequest("Missing required param: line_items.", "line_items", "parameter_missing");
  const chosen = requested ?? first.price.currency;
  let amount = 0;
  for (const { item, price, param } of checked) {
    const option = price.currency_options[chosen];
    if (!option) {
      throw invalidRequest(
        `The price ${price.id} has no currency_options for ${chosen}; a session's currency must be one of each price's currencies.`,
        requested ? "currency" : param,
      );
    }
    amount += option.unit_amount * item.quantity;
  }
  return { currency: chosen, amount, firstPrice: first.price };
}

/** POST and GET /v1/checkout/sessions: hosted checkout sessions, paid on the stand-in's page. */
export const checkoutSessionRoutes = new Hono<AppEnv>()
  .post("/v1/checkout/sessions", async (c) => {
    const standIn = standInOf(c);
    const body = stripeParams(createSessionParams, await formBody(c));
    if (body.mode !== "payment") {
      throw invalidRequest(`The payment stand-in implements mode payment only, not ${body.mode}.`, "mode");
    }
    const total = await totalOf(standIn, body.line_items, body.currency);
    const id = newId("cs_test");
    const session: CheckoutSessionObject = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      payment_intent_metadata: body.payment_intent_data?.metadata ?? {},
      payment_method_types: body.payment_method_types ?? ["card"],
      currency: total.currency,
      amount_total: total.amount,
      price: total.firstPrice.id,
      locale: body.locale ?? null,
      url: `${formatBaseUrl(standIn.config.apps["dev-payments"] ?? standIn.config.apps.backend)}/checkout/${id}`,
      success_url: body.success_url.replaceAll("{CHECKOUT_SESSION_ID}", id),
      cancel_url: body.cancel_url ?? null,
      created: nowSeconds(),
      livemode: false,
    };
    await standIn.store.put("session", id, session);
    return c.json(publicSession(session));
  })
  .get("/v1/checkout/sessions/:id", async (c) => {
    stripeParams(z.strictObject({}), queryOf(c));
    const session = await standInOf(c).store.get("session", c.req.param("id"));
    if (!session) throw notFoundError("checkout.session", c.req.param("id"));
    return c.json(publicSession(session));
  });
