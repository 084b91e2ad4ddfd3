/**
 * The payment provider behind the coin store and the coin-crediting webhook (document 2). One
 * interface so the provider can be replaced (document 2, Versioning); `stripe-provider.ts` is
 * the Stripe implementation, pointed at the real API (stg, prd) or at workers/dev-payments (dev,
 * tests). Nothing here imports Cloudflare.
 */

import type { StoreLocale } from "../store/locales";

/** Currencies the store sells in (document 2, Limits). Lower case, as the provider spells them. */
export const STORE_CURRENCIES = ["jpy", "krw", "twd", "hkd"] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];

/** One currency's amount of a price, in minor units (JPY, KRW: zero decimals; TWD, HKD: two). */
export interface CurrencyAmount {
  unitAmount: number;
  /** Always "inclusive" for store prices (tax-inclusive amounts). */
  taxBehavior: "inclusive" | "exclusive" | "unspecified";
}

/** A price at the provider; lookupKey equals consumable_products.product_id. */
export interface ProductPrice {
  priceId: string;
  lookupKey: string;
  active: boolean;
  /** The price's default currency and amount. */
  currency: string;
  unitAmount: number;
  taxBehavior: CurrencyAmount["taxBehavior"];
  /** Every currency the price is sold in, the default one included, keyed by lower-case code. */
  currencyOptions: Record<string, CurrencyAmount>;
}

/** What the store server asks for: the price id is resolved on the server, never taken from a client. */
export interface CheckoutSessionRequest {
  /** users.id of the buyer: client_reference_id and metadata.user_id. */
  userId: number;
  /** consumable_products.product_id: metadata.product_id. */
  productId: string;
  priceId: string;
  /** A currency of the price's currency_options; absent: the provider's own choice. */
  currency?: string;
  /** Absolute return URLs built from STORE_PUBLIC_URL, never from request headers. */
  successUrl: string;
  cancelUrl: string;
  /** The store's language; the provider shows its hosted page in the matching locale. Absent: auto. */
  locale?: StoreLocale;
}

export type CheckoutSessionStatus = "open" | "complete" | "expired";
export type PaymentStatus = "paid" | "unpaid" | "no_payment_required";

export interface CheckoutSession {
  id: string;
  /** The hosted checkout page; null once the session is complete or expired. */
  url: string | null;
  status: CheckoutSessionStatus;
  paymentStatus: PaymentStatus;
  paymentIntentId: string | null;
  /** From metadata {user_id, product_id}; null when the session was not made by this platform. */
  userId: number | null;
  productId: string | null;
  currency: string | null;
  amountTotal: number | null;
}

export interface PaymentIntent {
  id: string;
  status: string;
  /** metadata {user_id, product_id} copied from the checkout session; null when absent. */
  userId: number | null;
  productId: string | null;
  /** Amount refunded on the latest charge, in minor units (0 when none). */
  amountRefunded: number;
  /** The latest charge is refunded in full. */
  refunded: boolean;
  /** Paid: the latest charge succeeded. */
  paid: boolean;
  /** What was asked, in minor units of `currency` (lower case). */
  amount: number;
  currency: string;
  /** When the provider made it (ms since the epoch). */
  createdAt: number;
}

/** A verified webhook event, reduced to what the backend acts on. */
export type PaymentEvent =
  | {
      kind: "checkout_completed";
      eventId: string;
      sessionId: string;
      paymentStatus: PaymentStatus;
      paymentIntentId: string | null;
      userId: number | null;
      productId: string | null;
    }
  | { kind: "charge_refunded"; eventId: string; chargeId: string; paymentIntentId: string | null }
  | {
      kind: "dispute_created";
      eventId: string;
      disputeId: string;
      chargeId: string | null;
      paymentIntentId: string | null;
    }
  | { kind: "other"; eventId: string; type: string };

/** Why a webhook delivery was refused before any processing. */
export class WebhookRejected extends Error {
  readonly reason: "secret_missing" | "signature_invalid";

  constructor(reason: "secret_missing" | "signature_invalid", message: string) {
    super(message);
    this.name = "WebhookRejected";
    this.reason = reason;
  }
}

/** What the provider said when it refused a request as invalid (Stripe: an invalid_request_error). */
export interface ProviderRefusal {
  /** The provider's error code (`resource_missing`, `parameter_unknown`, ...); absent for some refusals. */
  code: string | null;
  /** The request parameter it names (`locale`, `line_items[0][price]`, ...). */
  param: string | null;
}

/**
 * The provider could not be reached or refused a call; callers answer 5xx (the provider retries
 * webhooks). `refusal` is set when the provider answered that the request itself is invalid: a
 * retry cannot help, unlike an outage.
 */
export class PaymentProviderError extends Error {
  readonly status: number | undefined;
  readonly refusal: ProviderRefusal | null;

  constructor(message: string, status?: number, refusal?: ProviderRefusal) {
    super(message);
    this.name = "PaymentProviderError";
    this.status = status;
    this.refusal = refusal ?? null;
  }
}

export interface PaymentProvider {
  /** Active prices with these lookup keys, each with its currency_options. Unknown keys are left out. */
  pricesByLookupKeys(lookupKeys: readonly string[]): Promise<ProductPrice[]>;
  /** A hosted checkout session (mode payment, card and link only). */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /** Refetched on every event: the provider's current state, not the event's, decides. */
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /**
   * Verifies the signature on the raw body and parses the event. Throws WebhookRejected
   * (secret_missing when the signing secret or the secret API key is not configured, whatever the
   * event; signature_invalid otherwise).
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>;
}
