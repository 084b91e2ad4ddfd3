import type { CheckoutLocale, CheckoutPaymentMethodType } from "../../src/payments/stripe-enums";

/**
 * The Stripe objects the stand-in keeps and answers, shaped like the API's JSON. Amounts are in
 * minor units. Each answer is checked against the pinned stripe package's resource type
 * (test/workers/payments-stand-in-contract.test.ts): no field the resource lacks, the types the
 * resource gives, every field the platform reads, and the resource's other required fields either
 * answered or named there as not modelled.
 */

export type TaxBehavior = "inclusive" | "exclusive" | "unspecified";

export interface CurrencyOption {
  custom_unit_amount: null;
  tax_behavior: TaxBehavior;
  unit_amount: number;
  /** Stripe sends decimals as strings (the package reads them into its Decimal). */
  unit_amount_decimal: string;
}

/** A one-time, per-unit price: every field Stripe's price object always carries. */
export interface PriceObject {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  /** Included only when the request expands it, as at Stripe. */
  currency_options: Record<string, CurrencyOption>;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: null;
  product: string;
  recurring: null;
  tax_behavior: TaxBehavior;
  tiers_mode: null;
  transform_quantity: null;
  type: "one_time";
  unit_amount: number;
  unit_amount_decimal: string;
}

export function currencyOption(unitAmount: number, taxBehavior: TaxBehavior): CurrencyOption {
  return {
    custom_unit_amount: null,
    tax_behavior: taxBehavior,
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

/** A price with the fields a one-time price always has, from what a create request sets. */
export function priceObject(fields: {
  id: string;
  currency: string;
  unitAmount: number;
  taxBehavior: TaxBehavior;
  lookupKey: string | null;
  product: string;
  /** Other currencies; the price's own currency is added. */
  currencyOptions: Record<string, CurrencyOption>;
  created: number;
}): PriceObject {
  return {
    id: fields.id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: fields.created,
    currency: fields.currency,
    currency_options: {
      ...fields.currencyOptions,
      [fields.currency]: currencyOption(fields.unitAmount, fields.taxBehavior),
    },
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey,
    metadata: {},
    nickname: null,
    product: fields.product,
    recurring: null,
    tax_behavior: fields.taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: "one_time",
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** What a price sells; its name is what the hosted checkout page shows the buyer (no endpoint answers it). */
export interface ProductObject {
  id: string;
  object: "product";
  active: boolean;
  name: string;
  created: number;
  livemode: false;
}

/** A checkout session as the stand-in keeps it: the answer plus its own bookkeeping. */
export interface CheckoutSessionObject extends CheckoutSessionAnswer {
  /** `payment_intent_data[metadata]`: copied to the payment intent and charge when paid. */
  payment_intent_metadata: Record<string, string>;
  /** The first line item's price (the hosted page names its product). */
  price: string;
}

export interface CheckoutSessionAnswer {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** What the request restricted the session to; null when it did not. */
  allowed_payment_method_types: CheckoutPaymentMethodType[] | null;
  /**
   * The methods the session accepts: the allowed ones the account enables. A field of the pinned
   * version's `Checkout.Session` (required there); only the request parameter of this name is gone.
   */
  payment_method_types: CheckoutPaymentMethodType[];
  currency: string;
  amount_total: number;
  locale: CheckoutLocale | null;
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
  /** The charge's id; the charge itself when the request expands `latest_charge`. */
  latest_charge: string;
  created: number;
  livemode: false;
}

export type ExpandedPaymentIntent = Omit<PaymentIntentObject, "latest_charge"> & { latest_charge: ChargeObject };

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

/** A refund: every field Stripe's refund object always carries (the stand-in has no balance transactions). */
export interface RefundObject {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  customer: null;
  customer_account: null;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: null;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "succeeded";
  transfer_reversal: null;
}

export interface DisputeObject {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  reason: "fraudulent";
  status: "needs_response";
  created: number;
  livemode: false;
}

/** The events the stand-in sends, each with the object Stripe puts in its `data.object`. */
export interface EventObjects {
  "payment_intent.succeeded": PaymentIntentObject;
  "charge.succeeded": ChargeObject;
  "charge.refunded": ChargeObject;
  "charge.dispute.created": DisputeObject;
  "checkout.session.completed": CheckoutSessionAnswer;
}
export type EventType = keyof EventObjects;

export interface EventObject<T extends EventType = EventType> {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: T;
  data: { object: EventObjects[T] };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

/** A Stripe-style id: prefix, underscore, 24 random alphanumerics. */
export function newId(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
