import { deliverNew, recordEvent } from "./events";
import {
  type ChargeObject,
  type CheckoutSessionAnswer,
  type CheckoutSessionObject,
  type DisputeObject,
  newId,
  nowSeconds,
  type PaymentIntentObject,
  type RefundObject,
} from "./objects";
import { invalidRequest } from "./params";
import { notFoundError, type StandIn, StripeApiError } from "./stand-in";

/**
 * Completes an open checkout session as a card payment would: a succeeded payment intent with
 * its charge, the session complete and paid, and the events Stripe sends for it
 * (payment_intent.succeeded, charge.succeeded, checkout.session.completed).
 */
export async function paySession(standIn: StandIn, sessionId: string): Promise<CheckoutSessionObject> {
  const { store } = standIn;
  const session = await store.get("session", sessionId);
  if (!session) throw notFoundError("checkout.session", sessionId);
  if (session.status !== "open") {
    throw new StripeApiError(400, "invalid_request_error", `This Checkout Session is ${session.status}.`);
  }
  const created = nowSeconds();
  const intentId = newId("pi");
  const charge: ChargeObject = {
    id: newId("ch"),
    object: "charge",
    amount: session.amount_total,
    amount_refunded: 0,
    refunded: false,
    paid: true,
    status: "succeeded",
    disputed: false,
    currency: session.currency,
    payment_intent: intentId,
    metadata: session.payment_intent_metadata,
    created,
    livemode: false,
  };
  const intent: PaymentIntentObject = {
    id: intentId,
    object: "payment_intent",
    status: "succeeded",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    metadata: session.payment_intent_metadata,
    latest_charge: charge.id,
    created,
    livemode: false,
  };
  const completed: CheckoutSessionObject = {
    ...session,
    status: "complete",
    payment_status: "paid",
    payment_intent: intentId,
    url: null,
  };
  await Promise.all([
    store.put("charge", charge.id, charge),
    store.put("payment_intent", intent.id, intent),
    store.put("session", session.id, completed),
  ]);
  const events = [
    await recordEvent(store, "payment_intent.succeeded", intent),
    await recordEvent(store, "charge.succeeded", charge),
    await recordEvent(store, "checkout.session.completed", publicSession(completed)),
  ];
  await deliverNew(standIn, events);
  return completed;
}

/** Cancel on the hosted page: the session stays open (Stripe sends nothing); the buyer goes back. */
export async function sessionForCancel(standIn: StandIn, sessionId: string): Promise<CheckoutSessionObject> {
  const session = await standIn.store.get("session", sessionId);
  if (!session) throw notFoundError("checkout.session", sessionId);
  return session;
}

/** What a refund request may set besides the payment it refunds. */
export interface RefundRequest {
  /** Minor units; absent: what is left unrefunded. */
  amount?: number;
  reason?: RefundObject["reason"];
  metadata?: Record<string, string>;
}

/**
 * A refund of a payment intent's charge, in full or of `amount` (minor units), with its
 * charge.refunded event (Stripe sends it for partial refunds too).
 */
export async function refundPayment(
  standIn: StandIn,
  paymentIntentId: string,
  request: RefundRequest = {},
): Promise<RefundObject> {
  const { store } = standIn;
  const intent = await store.get("payment_intent", paymentIntentId);
  if (!intent) throw notFoundError("payment_intent", paymentIntentId);
  const charge = await store.get("charge", intent.latest_charge);
  if (!charge) throw notFoundError("charge", intent.latest_charge);
  if (charge.refunded) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Charge ${charge.id} has already been refunded.`,
      "charge_already_refunded",
    );
  }
  const unrefunded = charge.amount - charge.amount_refunded;
  const refunding = request.amount ?? unrefunded;
  if (refunding > unrefunded) {
    throw invalidRequest(
      `Refund amount (${refunding}) is greater than unrefunded amount on charge (${unrefunded}).`,
      "amount",
    );
  }
  const refund: RefundObject = {
    id: newId("re"),
    object: "refund",
    amount: refunding,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata: request.metadata ?? {},
    payment_intent: intent.id,
    payment_method: null,
    reason: request.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  const amountRefunded = charge.amount_refunded + refunding;
  const refunded: ChargeObject = {
    ...charge,
    amount_refunded: amountRefunded,
    refunded: amountRefunded === charge.amount,
  };
  await Promise.all([store.put("refund", refund.id, refund), store.put("charge", charge.id, refunded)]);
  await deliverNew(standIn, [await recordEvent(store, "charge.refunded", refunded)]);
  return refund;
}

/** What a card network's chargeback does at Stripe: a dispute on the charge and charge.dispute.created. */
export async function openDispute(standIn: StandIn, paymentIntentId: string): Promise<DisputeObject> {
  const { store } = standIn;
  const intent = await store.get("payment_intent", paymentIntentId);
  if (!intent) throw notFoundError("payment_intent", paymentIntentId);
  const charge = await store.get("charge", intent.latest_charge);
  if (!charge) throw notFoundError("charge", intent.latest_charge);
  const dispute: DisputeObject = {
    id: newId("dp"),
    object: "dispute",
    amount: charge.amount,
    charge: charge.id,
    payment_intent: intent.id,
    currency: charge.currency,
    reason: "fraudulent",
    status: "needs_response",
    created: nowSeconds(),
    livemode: false,
  };
  await Promise.all([
    store.put("dispute", dispute.id, dispute),
    store.put("charge", charge.id, { ...charge, disputed: true }),
  ]);
  await deliverNew(standIn, [await recordEvent(store, "charge.dispute.created", dispute)]);
  return dispute;
}

/** The session as the API returns it (the stand-in's bookkeeping fields left out). */
export function publicSession(session: CheckoutSessionObject): CheckoutSessionAnswer {
  const { payment_intent_metadata: _metadata, price: _price, ...visible } = session;
  return visible;
}
