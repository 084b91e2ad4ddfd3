import type { Config } from "../../src/config";
import {
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderError,
  type ProductPrice,
} from "../../src/payments/payment-provider";
import type { ProviderPrice } from "../../src/store/catalog";
import { isCurrency } from "../../src/store/currency";
import type { CheckoutSessionInfo, StorePayments } from "../../src/store/payments";
import { ApiError } from "../../src/worker-kit/errors";
import { paymentProviderFor } from "../../src/worker-kit/providers";
import { currentLog } from "../../src/worker-kit/request-log";

/**
 * The store's view of the payment provider (src/payments): only active prices, amounts of the
 * store's currencies, an unknown session as null, a request the provider refused as invalid as a
 * 502 (our request was wrong: retrying will not help), and every other failure as a 503 the page
 * can retry.
 */
export function storePaymentsOf(provider: PaymentProvider): StorePayments {
  return {
    async pricesByLookupKeys(lookupKeys) {
      const prices = await calling("prices", () => provider.pricesByLookupKeys(lookupKeys));
      return prices.filter((price) => price.active).map(providerPrice);
    },
    async createCheckoutSession(request) {
      const session = await calling("checkout", () => provider.createCheckoutSession(request));
      if (!session.url) throw providerUnavailable("checkout session without a url");
      return { id: session.id, url: session.url };
    },
    async checkoutSession(sessionId) {
      try {
        return sessionInfo(await provider.retrieveCheckoutSession(sessionId));
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404) return null;
        throw providerFailure("session", error);
      }
    },
  };
}

function providerPrice(price: ProductPrice): ProviderPrice {
  const amounts: ProviderPrice["amounts"] = {};
  for (const [currency, option] of Object.entries(price.currencyOptions)) {
    if (isCurrency(currency)) amounts[currency] = option.unitAmount;
  }
  return { id: price.priceId, lookupKey: price.lookupKey, amounts };
}

function sessionInfo(session: CheckoutSession): CheckoutSessionInfo {
  return {
    id: session.id,
    status: session.status,
    paymentStatus: session.paymentStatus,
    paymentIntentId: session.paymentIntentId,
    userId: session.userId,
    productId: session.productId,
  };
}

async function calling<T>(call: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerFailure(call, error);
  }
}

function providerFailure(call: string, error: unknown): ApiError {
  if (error instanceof PaymentProviderError && error.refusal) {
    currentLog().error("payment provider refused the request", {
      call,
      code: error.refusal.code,
      param: error.refusal.param,
      reason: error.message,
    });
    return new ApiError(
      502,
      "payment_request_refused",
      "The payment service refused our request. It has been logged for us to fix; please try again later.",
    );
  }
  return providerUnavailable(`${call}: ${error instanceof Error ? error.message : String(error)}`);
}

function providerUnavailable(reason: string): ApiError {
  currentLog().error("payment provider call failed", { reason });
  return new ApiError(503, "payments_unavailable", "The payment service is not available right now. Please try again.");
}

/** The store's payment provider in this environment: Stripe, or the dev stand-in (src/payments). */
export function paymentsFor(env: Env, config: Config): StorePayments {
  return storePaymentsOf(paymentProviderFor(env, config));
}
