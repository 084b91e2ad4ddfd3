import type { Config } from "../../src/config";
import type { StorePayments } from "../../src/store/payments";
import { ApiError } from "../shared/errors";

const unavailable = () =>
  new ApiError(503, "payments_unavailable", "The payment provider is not configured in this environment.");

/** The store's payment provider in this environment (src/payments adapter). */
export function paymentsFor(_env: Env, _config: Config): StorePayments {
  return {
    pricesByLookupKeys: () => Promise.reject(unavailable()),
    createCheckoutSession: () => Promise.reject(unavailable()),
    checkoutSession: () => Promise.reject(unavailable()),
  };
}
