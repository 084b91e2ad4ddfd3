import { Hono } from "hono";
import { PaymentProviderError, WebhookRejected } from "../../../src/payments";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { currentLog } from "../../../src/worker-kit/request-log";
import { eventDepsOf } from "../backend-services";
import { handlePaymentEvent, RetryLater } from "../payments/handle-event";

/**
 * POST /webhook/payprov: the payment provider's events (document 2). Authenticated by the
 * signature over the raw body, never by a user token. 400: the signing secret or the secret API
 * key missing (`secret_missing`, whatever the event) or the signature wrong (`signature_invalid`);
 * nothing granted. 5xx: processing failed or the user/product is unknown, so the provider
 * retries. 200: handled, including duplicates and skips.
 */
export const webhookRoutes = new Hono<AppEnv>().post("/webhook/payprov", async (c) => {
  const rawBody = await c.req.text();
  const deps = eventDepsOf(c);
  const log = currentLog().child({ component: "payment-webhook" });
  let event: Awaited<ReturnType<typeof deps.provider.verifyWebhook>>;
  try {
    event = await deps.provider.verifyWebhook(rawBody, c.req.header("stripe-signature") ?? null);
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    // The message says which secret is missing, never a value.
    if (error.reason === "secret_missing")
      log.error("payment webhook refused: a payment secret is not set", { reason: error.message });
    else log.warn("payment webhook refused: bad signature");
    throw new ApiError(400, error.reason, error.message);
  }
  try {
    const outcome = await handlePaymentEvent(deps, event);
    log.info("payment event handled", { eventId: event.eventId, kind: event.kind, outcome });
    return c.json({ received: true, outcome });
  } catch (error) {
    if (error instanceof RetryLater) {
      log.warn("payment event not handled yet", { eventId: event.eventId, kind: event.kind, code: error.code });
      throw new ApiError(503, error.code, error.message);
    }
    if (error instanceof PaymentProviderError) {
      log.error("payment provider unavailable", { eventId: event.eventId, kind: event.kind, error: error.message });
      throw new ApiError(502, "payment_provider_unavailable", "The payment provider could not be reached.");
    }
    throw error;
  }
});
