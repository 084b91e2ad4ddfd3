import type { Context } from "hono";
import { createApp } from "../../src/worker-kit/create-app";
import { handleError } from "../../src/worker-kit/errors";
import { apiRoutes } from "./routes/api";
import { basePageRoute } from "./routes/base-page";
import { devControlRoutes } from "./routes/dev-controls";
import { hostedCheckoutRoutes } from "./routes/hosted-checkout";
import { StripeApiError, stripeErrorResponse } from "./stand-in";

/**
 * Local stand-in of the payment provider (dev only): the Stripe API subset the platform calls
 * (/v1/prices, /v1/checkout/sessions, /v1/payment_intents, /v1/refunds, /v1/disputes), a hosted
 * checkout page with Pay and Cancel, and events signed as Stripe signs them, delivered to the
 * backend's webhook (with copies, reordering and holding on request). Docs: docs/payments.md.
 */
export function createDevPaymentsApp() {
  const app = createApp("dev-payments");
  app.route("/", apiRoutes);
  app.route("/", hostedCheckoutRoutes);
  app.route("/", devControlRoutes);
  app.route("/", basePageRoute);
  app.onError((error, c: Context) =>
    error instanceof StripeApiError ? stripeErrorResponse(error) : handleError(error, c),
  );
  return app;
}
