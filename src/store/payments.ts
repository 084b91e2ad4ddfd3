import type { ProviderPrice } from "./catalog";
import type { Currency } from "./currency";
import type { StoreLocale } from "./locales";

/**
 * What the store needs of the payment provider (document 2, Versioning: the provider sits
 * behind an interface). Stripe implements it in stg and prd; the dev stand-in in dev and tests.
 */
export interface StorePayments {
  /** Active prices whose lookup key is one of the keys; keys without a price are simply absent. */
  pricesByLookupKeys(lookupKeys: readonly string[]): Promise<ProviderPrice[]>;
  /** A hosted checkout session (mode payment; card and link only). */
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A session by id, or null when the provider does not know it. */
  checkoutSession(sessionId: string): Promise<CheckoutSessionInfo | null>;
}

export interface CheckoutRequest {
  priceId: string;
  /** Omitted: the price's own currency. */
  currency?: Currency;
  /** users.id of the buyer: client_reference_id and metadata.user_id. */
  userId: number;
  productId: string;
  /** Language of the hosted page: the store's locale, mapped to the provider's by its adapter. */
  locale?: StoreLocale;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionInfo {
  id: string;
  /** open: not paid yet; complete: paid (or payment processing); expired. */
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** The payment intent once paid: the backend's purchase id of the deposit (null before). */
  paymentIntentId: string | null;
  /** metadata.user_id and metadata.product_id as the session was created. */
  userId: number | null;
  productId: string | null;
}
