import type { CoinLedger } from "../../../src/ledger/coin-ledger";
import type { OperationsNotifier } from "../../../src/ops/notifier";
import type { PaymentEvent, PaymentProvider } from "../../../src/payments/payment-provider";

/** What the webhook did with an event (the JSON answer and the log line say it). */
export type EventOutcome =
  | "credited"
  | "duplicate"
  | "skipped_not_paid"
  | "skipped_not_ours"
  | "cancelled"
  | "already_cancelled"
  | "skipped_insufficient_balance"
  | "skipped_partial_refund"
  | "notified"
  | "ignored";

/** Processing cannot finish now; the webhook answers 5xx so the provider retries. */
export class RetryLater extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RetryLater";
  }
}

export interface EventDeps {
  provider: PaymentProvider;
  ledger: CoinLedger;
  notifier: OperationsNotifier;
  /** Publishes a user's new balance to the balance channel (currentUserCoinBalance). */
  publishBalance(userId: number): Promise<void>;
}

/**
 * Document 2, States and Events. The payment intent is refetched from the provider for every
 * credit and refund: its current state, not the event's order, decides.
 */
export async function handlePaymentEvent(deps: EventDeps, event: PaymentEvent): Promise<EventOutcome> {
  switch (event.kind) {
    case "checkout_completed":
      return completeCheckout(deps, event);
    case "charge_refunded":
      return refund(deps, event);
    case "dispute_created":
      await deps.notifier.notify({
        kind: "dispute_created",
        message: "A payment was disputed; answer the dispute at the payment provider.",
        refs: { disputeId: event.disputeId, chargeId: event.chargeId, paymentIntentId: event.paymentIntentId },
      });
      return "notified";
    case "other":
      return "ignored";
  }
}

async function completeCheckout(
  deps: EventDeps,
  event: Extract<PaymentEvent, { kind: "checkout_completed" }>,
): Promise<EventOutcome> {
  if (event.paymentStatus !== "paid") return "skipped_not_paid";
  if (!event.paymentIntentId || event.userId === null || event.productId === null) return "skipped_not_ours";
  const intent = await deps.provider.retrievePaymentIntent(event.paymentIntentId);
  if (!intent.paid && !intent.refunded) return "skipped_not_paid";
  const result = await deps.ledger.creditWebPurchase({
    userId: event.userId,
    productId: event.productId,
    paymentIntentId: intent.id,
    // A refund that happened before this event arrived: record the purchase, already cancelled.
    alreadyRefunded: intent.refunded,
  });
  switch (result.outcome) {
    case "unknown_user":
      throw new RetryLater("unknown_user", `No user ${event.userId} in the backend; the provider will retry.`);
    case "unknown_product":
      throw new RetryLater("unknown_product", `No WEB product ${event.productId}; the provider will retry.`);
    case "duplicate":
      // A repeat may follow a 5xx answered after the credit was written (publishing failed):
      // the ledger wrote nothing now, but the balance may never have reached the channel.
      await deps.publishBalance(event.userId);
      return "duplicate";
    case "credited":
      if (!intent.refunded) await deps.publishBalance(event.userId);
      return intent.refunded ? "already_cancelled" : "credited";
  }
}

async function refund(
  deps: EventDeps,
  event: Extract<PaymentEvent, { kind: "charge_refunded" }>,
): Promise<EventOutcome> {
  if (!event.paymentIntentId) return "skipped_not_ours";
  const intent = await deps.provider.retrievePaymentIntent(event.paymentIntentId);
  if (intent.userId === null) return "skipped_not_ours";
  if (!intent.refunded) {
    await deps.notifier.notify({
      kind: "refund_partial",
      message: "A web purchase was refunded in part; coins are not taken back automatically.",
      refs: { userId: intent.userId, paymentIntentId: intent.id, amountRefunded: intent.amountRefunded },
    });
    return "skipped_partial_refund";
  }
  const { result, userId } = await deps.ledger.cancelDeposit(intent.id);
  switch (result) {
    case "not_found":
      // The completion event has not been processed yet; when it is, its refetch sees the refund.
      throw new RetryLater("deposit_not_recorded", "The purchase is not recorded yet; the provider will retry.");
    case "already_cancelled":
      // As for a repeated credit: the first delivery may have failed after the cancel.
      if (userId !== null) await deps.publishBalance(userId);
      return "already_cancelled";
    case "insufficient_balance":
      await deps.notifier.notify({
        kind: "refund_not_covered",
        message: "A refunded web purchase was not cancelled: the user's balance no longer covers its coins.",
        refs: { userId, paymentIntentId: intent.id },
      });
      return "skipped_insufficient_balance";
    case "cancelled":
      if (userId !== null) await deps.publishBalance(userId);
      return "cancelled";
  }
}
