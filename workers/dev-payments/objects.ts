/**
 * The Stripe objects the stand-in keeps, shaped like the API's JSON (only the fields the
 * platform reads, plus the identifying ones). Amounts are in minor units.
 */

export interface CurrencyOption {
  unit_amount: number;
  tax_behavior: "inclusive" | "exclusive" | "unspecified";
}

export interface PriceObject {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  tax_behavior: CurrencyOption["tax_behavior"];
  lookup_key: string | null;
  type: "one_time";
  product: string;
  currency_options: Record<string, CurrencyOption>;
  created: number;
  livemode: false;
}

/** What a price sells; its name is what the hosted checkout page shows the buyer. */
export interface ProductObject {
  id: string;
  object: "product";
  active: boolean;
  name: string;
  created: number;
  livemode: false;
}

export interface CheckoutSessionObject {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent_metadata: Record<string, string>;
  payment_method_types: string[];
  currency: string;
  amount_total: number;
  price: string;
  locale: string | null;
  url: string | null;
  success_url: string;
  /** Absent: the hosted page's Cancel has nowhere to go back to. */
  cancel_url: string | null;
  created: number;
  livemode: false;
}

export interface PaymentIntentObject {
  id: string;
  object: "payment_intent";
  status: "succeeded";
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  latest_charge: string;
  created: number;
  livemode: false;
}

export interface ChargeObject {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  paid: true;
  status: "succeeded";
  disputed: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface RefundObject {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: "succeeded";
  created: number;
}

export interface DisputeObject {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  reason: string;
  status: "needs_response";
  created: number;
  livemode: false;
}

export interface EventObject {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

/** A Stripe-style id: prefix, underscore, 24 random alphanumerics. */
export function newId(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
