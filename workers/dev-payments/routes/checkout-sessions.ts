import { Hono } from "hono";
import type { z } from "zod";
import { formatBaseUrl } from "../../../src/base-url";
import type { CheckoutPaymentMethodType } from "../../../src/payments/stripe-enums";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { publicSession } from "../actions";
import { checkCheckoutTotal } from "../charge-limits";
import { type CheckoutSessionObject, newId, nowSeconds, type PriceObject } from "../objects";
import { invalidRequest, noSuchParam, stripeParams } from "../params";
import { createSessionParams, retrieveSessionParams } from "../request-params";
import { formBody, notFoundError, queryOf, type StandIn, standInOf } from "../stand-in";

type LineItem = z.infer<typeof createSessionParams>["line_items"][number];

/**
 * The payment methods the stand-in's account enables (what a Dashboard's payment method
 * configuration would). A session accepts these, narrowed by `allowed_payment_method_types`.
 */
const ACCOUNT_PAYMENT_METHODS: readonly CheckoutPaymentMethodType[] = ["card", "link"];

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
    checkCheckoutTotal(total.amount, total.currency);
    const allowed = body.allowed_payment_method_types ?? null;
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
      allowed_payment_method_types: allowed,
      payment_method_types: ACCOUNT_PAYMENT_METHODS.filter((type) => !allowed || allowed.includes(type)),
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
    stripeParams(retrieveSessionParams, queryOf(c));
    const session = await standInOf(c).store.get("session", c.req.param("id"));
    if (!session) throw notFoundError("checkout.session", c.req.param("id"));
    return c.json(publicSession(session));
  });
