import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { refundPayment } from "../actions";
import { invalidRequest, noSuchParam, stripeParams } from "../params";
import {
  createRefundParams,
  retrieveChargeParams,
  retrieveDisputeParams,
  retrievePaymentIntentParams,
} from "../request-params";
import { formBody, notFoundError, queryOf, StripeApiError, standInOf } from "../stand-in";
import { checkoutSessionRoutes } from "./checkout-sessions";
import { priceRoutes } from "./prices";

/** The API key of a request, as Stripe takes it: `Bearer <key>` or Basic with the key as user name. */
function apiKeyOf(header: string | undefined): string | undefined {
  const [scheme, value] = header?.split(/\s+/, 2) ?? [];
  if (scheme?.toLowerCase() === "bearer") return value;
  if (scheme?.toLowerCase() !== "basic" || !value) return undefined;
  try {
    return atob(value).split(":")[0];
  } catch {
    return undefined;
  }
}

/**
 * The Stripe API subset the platform's Stripe client calls, at the same paths (/v1/...), in the
 * same form encoding, answering the same JSON, and refusing what Stripe refuses (params.ts):
 * prices by lookup key with currency_options, checkout sessions, payment intents, refunds and
 * disputes. Docs: docs/payments.md.
 */
export const apiRoutes = new Hono<AppEnv>()
  .use("/v1/*", async (c, next) => {
    const { apiKey } = standInOf(c);
    if (!apiKey || apiKeyOf(c.req.header("authorization")) !== apiKey) {
      throw new StripeApiError(401, "authentication_error", "Invalid API Key provided.");
    }
    await next();
  })
  .route("/", priceRoutes)
  .route("/", checkoutSessionRoutes)
  .get("/v1/payment_intents/:id", async (c) => {
    const { store } = standInOf(c);
    const query = stripeParams(retrievePaymentIntentParams, queryOf(c));
    const intent = await store.get("payment_intent", c.req.param("id"));
    if (!intent) throw notFoundError("payment_intent", c.req.param("id"));
    if (!query.expand?.includes("latest_charge")) return c.json(intent);
    return c.json({ ...intent, latest_charge: await store.get("charge", intent.latest_charge) });
  })
  .get("/v1/charges/:id", async (c) => {
    stripeParams(retrieveChargeParams, queryOf(c));
    const charge = await standInOf(c).store.get("charge", c.req.param("id"));
    if (!charge) throw notFoundError("charge", c.req.param("id"));
    return c.json(charge);
  })
  .post("/v1/refunds", async (c) => {
    const standIn = standInOf(c);
    const body = stripeParams(createRefundParams, await formBody(c));
    let intentId = body.payment_intent;
    if (intentId && !(await standIn.store.get("payment_intent", intentId))) {
      throw noSuchParam("payment_intent", intentId, "payment_intent");
    }
    if (!intentId && body.charge) {
      const charge = await standIn.store.get("charge", body.charge);
      if (!charge) throw noSuchParam("charge", body.charge, "charge");
      intentId = charge.payment_intent;
    }
    if (!intentId) {
      throw invalidRequest(
        "One of the following params should be provided for this request: payment_intent or charge.",
        "payment_intent",
        "parameter_missing",
      );
    }
    return c.json(
      await refundPayment(standIn, intentId, { amount: body.amount, reason: body.reason, metadata: body.metadata }),
    );
  })
  .get("/v1/disputes/:id", async (c) => {
    stripeParams(retrieveDisputeParams, queryOf(c));
    const dispute = await standInOf(c).store.get("dispute", c.req.param("id"));
    if (!dispute) throw notFoundError("dispute", c.req.param("id"));
    return c.json(dispute);
  });
