import type Stripe from "stripe";
import type {
  CheckoutSession,
  CurrencyAmount,
  PaymentEvent,
  PaymentIntent,
  PaymentStatus,
  ProductPrice,
} from "./payment-provider";

/*
 * What the platform reads of Stripe's objects, and how each becomes the provider interface's type.
 * Each reader takes only the fields it names (`Pick` of the stripe package's resource type), so
 * these lists are exactly what the platform depends on: the payment stand-in's answers are checked
 * to carry every one of them (test/workers/payments-stand-in-contract.test.ts).
 */

export type PriceFieldsRead =
  | "id"
  | "active"
  | "currency"
  | "unit_amount"
  | "tax_behavior"
  | "lookup_key"
  | "currency_options";
export type CheckoutSessionFieldsRead =
  | "id"
  | "url"
  | "status"
  | "payment_status"
  | "payment_intent"
  | "metadata"
  | "currency"
  | "amount_total";
export type PaymentIntentFieldsRead =
  | "id"
  | "status"
  | "metadata"
  | "latest_charge"
  | "amount"
  | "currency"
  | "created";
/** Of a payment intent's expanded `latest_charge`, and of a `charge.refunded` event's charge. */
export type ChargeFieldsRead = "id" | "payment_intent" | "amount_refunded" | "refunded" | "paid";
export type DisputeFieldsRead = "id" | "charge" | "payment_intent";
export type EventFieldsRead = "id" | "type" | "data";

export function toProductPrice(price: Pick<Stripe.Price, PriceFieldsRead>): ProductPrice | null {
  if (!price.lookup_key || price.unit_amount === null) return null;
  const taxBehavior = taxBehaviorOf(price.tax_behavior);
  const currencyOptions: Record<string, CurrencyAmount> = {
    [price.currency]: { unitAmount: price.unit_amount, taxBehavior },
  };
  for (const [currency, option] of Object.entries(price.currency_options ?? {})) {
    if (option.unit_amount === null) continue;
    currencyOptions[currency] = { unitAmount: option.unit_amount, taxBehavior: taxBehaviorOf(option.tax_behavior) };
  }
  return {
    priceId: price.id,
    lookupKey: price.lookup_key,
    active: price.active,
    currency: price.currency,
    unitAmount: price.unit_amount,
    taxBehavior,
    currencyOptions,
  };
}

export function toCheckoutSession(session: Pick<Stripe.Checkout.Session, CheckoutSessionFieldsRead>): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status: oneOf(session.status, ["open", "complete", "expired"], "open"),
    paymentStatus: paymentStatusOf(session.payment_status),
    paymentIntentId: idOf(session.payment_intent),
    userId: parseUserId(session.metadata?.user_id),
    productId: session.metadata?.product_id ?? null,
    currency: session.currency ?? null,
    amountTotal: session.amount_total ?? null,
  };
}

/** A payment intent retrieved with `expand: ["latest_charge"]`. */
export function toPaymentIntent(intent: Pick<Stripe.PaymentIntent, PaymentIntentFieldsRead>): PaymentIntent {
  const charge: Pick<Stripe.Charge, ChargeFieldsRead> | null =
    typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  return {
    id: intent.id,
    status: intent.status,
    userId: parseUserId(intent.metadata?.user_id),
    productId: intent.metadata?.product_id ?? null,
    amountRefunded: charge?.amount_refunded ?? 0,
    refunded: charge?.refunded ?? false,
    paid: intent.status === "succeeded" && (charge?.paid ?? false),
    amount: intent.amount,
    currency: intent.currency,
    createdAt: intent.created * 1000,
  };
}

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
      return completedEvent(event.id, event.data.object);
    case "charge.refunded":
      return refundedEvent(event.id, event.data.object);
    case "charge.dispute.created":
      return disputeEvent(event.id, event.data.object);
    default:
      return { kind: "other", eventId: event.id, type: event.type };
  }
}

function completedEvent(
  eventId: string,
  session: Pick<Stripe.Checkout.Session, CheckoutSessionFieldsRead>,
): EventOfKind<"checkout_completed"> {
  return {
    kind: "checkout_completed",
    eventId,
    sessionId: session.id,
    paymentStatus: paymentStatusOf(session.payment_status),
    paymentIntentId: idOf(session.payment_intent),
    userId: parseUserId(session.metadata?.user_id),
    productId: session.metadata?.product_id ?? null,
  };
}

function refundedEvent(eventId: string, charge: Pick<Stripe.Charge, ChargeFieldsRead>): EventOfKind<"charge_refunded"> {
  return {
    kind: "charge_refunded",
    eventId,
    chargeId: charge.id,
    paymentIntentId: idOf(charge.payment_intent),
  };
}

function disputeEvent(
  eventId: string,
  dispute: Pick<Stripe.Dispute, DisputeFieldsRead>,
): EventOfKind<"dispute_created"> {
  return {
    kind: "dispute_created",
    eventId,
    disputeId: dispute.id,
    chargeId: idOf(dispute.charge),
    paymentIntentId: idOf(dispute.payment_intent),
  };
}

type EventOfKind<K extends PaymentEvent["kind"]> = Extract<PaymentEvent, { kind: K }>;

const TAX_BEHAVIORS = ["inclusive", "exclusive", "unspecified"] as const;
function taxBehaviorOf(value: string | null | undefined): CurrencyAmount["taxBehavior"] {
  return TAX_BEHAVIORS.find((known) => known === value) ?? "unspecified";
}

function paymentStatusOf(value: string | null | undefined): PaymentStatus {
  return oneOf(value, ["paid", "unpaid", "no_payment_required"], "unpaid");
}

function oneOf<T extends string>(value: string | null | undefined, known: readonly T[], fallback: T): T {
  return known.find((k) => k === value) ?? fallback;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function parseUserId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
