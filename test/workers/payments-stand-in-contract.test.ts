import type Stripe from "stripe";
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type {
  ChargeFieldsRead,
  CheckoutSessionFieldsRead,
  DisputeFieldsRead,
  EventFieldsRead,
  PaymentIntentFieldsRead,
  PriceFieldsRead,
} from "../../src/payments/stripe-objects";
import type {
  ChargeObject,
  CheckoutSessionAnswer,
  DisputeObject,
  EventObject,
  EventObjects,
  EventType,
  ExpandedPaymentIntent,
  PaymentIntentObject,
  PriceObject,
  RefundObject,
} from "../../workers/dev-payments/objects";
import type {
  createPriceParams,
  createRefundParams,
  createSessionParams,
  listPricesParams,
  retrieveChargeParams,
  retrieveDisputeParams,
  retrievePaymentIntentParams,
  retrieveSessionParams,
  updatePriceParams,
} from "../../workers/dev-payments/request-params";
import type { AnswerProblems, ParamProblems, RequiredKeys } from "./helpers/stripe-contract";

/*
 * The payment stand-in against the contract the pinned stripe package publishes for API version
 * 2026-10-28.endive. These checks are types: `npm run typecheck` (tsc over this file) fails on a
 * broken one and prints the `*Problems` sentence naming the parameter or field; at run time they
 * do nothing. Per endpoint, what it accepts must be within the package's `*Params` type, and what
 * it answers must be of the package's resource type: no field the resource lacks, every field the
 * platform reads (src/payments/stripe-objects.ts), and each field the resource always carries
 * either answered or named below as not modelled (fields the platform never reads; listing one is
 * a decision, and a field a new version adds to a resource shows up here first).
 */

type Accepted<Schema extends z.ZodType> = z.output<Schema>;

describe("the payment stand-in accepts only what the pinned API version's params types take", () => {
  it("POST /v1/checkout/sessions: Checkout.SessionCreateParams (no payment_method_types)", () => {
    expectTypeOf<
      ParamProblems<Accepted<typeof createSessionParams>, Stripe.Checkout.SessionCreateParams>
    >().toEqualTypeOf<never>();
    expectTypeOf<"payment_method_types">().not.toExtend<keyof Stripe.Checkout.SessionCreateParams>();
    expectTypeOf<"allowed_payment_method_types">().toExtend<keyof Accepted<typeof createSessionParams>>();
  });

  it("GET /v1/checkout/sessions/{id}: Checkout.SessionRetrieveParams", () => {
    expectTypeOf<
      ParamProblems<Accepted<typeof retrieveSessionParams>, Stripe.Checkout.SessionRetrieveParams>
    >().toEqualTypeOf<never>();
  });

  it("GET /v1/prices, POST /v1/prices, POST /v1/prices/{id}: PriceListParams, PriceCreateParams, PriceUpdateParams", () => {
    expectTypeOf<ParamProblems<Accepted<typeof listPricesParams>, Stripe.PriceListParams>>().toEqualTypeOf<never>();
    expectTypeOf<ParamProblems<Accepted<typeof createPriceParams>, Stripe.PriceCreateParams>>().toEqualTypeOf<never>();
    expectTypeOf<ParamProblems<Accepted<typeof updatePriceParams>, Stripe.PriceUpdateParams>>().toEqualTypeOf<never>();
  });

  it("GET /v1/payment_intents/{id}: PaymentIntentRetrieveParams", () => {
    expectTypeOf<
      ParamProblems<Accepted<typeof retrievePaymentIntentParams>, Stripe.PaymentIntentRetrieveParams>
    >().toEqualTypeOf<never>();
  });

  it("POST /v1/refunds, GET /v1/charges/{id}, GET /v1/disputes/{id}: RefundCreateParams, ChargeRetrieveParams, DisputeRetrieveParams", () => {
    expectTypeOf<
      ParamProblems<Accepted<typeof createRefundParams>, Stripe.RefundCreateParams>
    >().toEqualTypeOf<never>();
    expectTypeOf<
      ParamProblems<Accepted<typeof retrieveChargeParams>, Stripe.ChargeRetrieveParams>
    >().toEqualTypeOf<never>();
    expectTypeOf<
      ParamProblems<Accepted<typeof retrieveDisputeParams>, Stripe.DisputeRetrieveParams>
    >().toEqualTypeOf<never>();
  });
});

describe("the payment stand-in answers the pinned API version's resources", () => {
  it("checkout sessions: Checkout.Session", () => {
    expectTypeOf<
      AnswerProblems<CheckoutSessionAnswer, Stripe.Checkout.Session, CheckoutSessionFieldsRead, SessionNotModelled>
    >().toEqualTypeOf<never>();
  });

  it("prices: Price, complete", () => {
    expectTypeOf<AnswerProblems<PriceObject, Stripe.Price, PriceFieldsRead>>().toEqualTypeOf<never>();
  });

  it("payment intents: PaymentIntent, and its expanded latest_charge a Charge", () => {
    expectTypeOf<
      AnswerProblems<PaymentIntentObject, Stripe.PaymentIntent, PaymentIntentFieldsRead, PaymentIntentNotModelled>
    >().toEqualTypeOf<never>();
    expectTypeOf<ExpandedPaymentIntent["latest_charge"]>().toEqualTypeOf<ChargeObject>();
    expectTypeOf<
      AnswerProblems<ChargeObject, Stripe.Charge, ChargeFieldsRead, ChargeNotModelled>
    >().toEqualTypeOf<never>();
  });

  it("refunds: Refund, complete", () => {
    expectTypeOf<AnswerProblems<RefundObject, Stripe.Refund, never>>().toEqualTypeOf<never>();
  });

  it("disputes: Dispute", () => {
    expectTypeOf<
      AnswerProblems<DisputeObject, Stripe.Dispute, DisputeFieldsRead, DisputeNotModelled>
    >().toEqualTypeOf<never>();
  });

  it("events: each type's Event, complete, with the resource its data.object is checked as above", () => {
    expectTypeOf<{ [T in EventType]: EventProblems<T> }[EventType]>().toEqualTypeOf<never>();
    expectTypeOf<EventResource<"checkout.session.completed">>().toEqualTypeOf<Stripe.Checkout.Session>();
    expectTypeOf<EventResource<"payment_intent.succeeded">>().toEqualTypeOf<Stripe.PaymentIntent>();
    expectTypeOf<EventResource<"charge.succeeded" | "charge.refunded">>().toEqualTypeOf<Stripe.Charge>();
    expectTypeOf<EventResource<"charge.dispute.created">>().toEqualTypeOf<Stripe.Dispute>();
    expectTypeOf<EventObjects["checkout.session.completed"]>().toEqualTypeOf<CheckoutSessionAnswer>();
    expectTypeOf<EventObjects["payment_intent.succeeded"]>().toEqualTypeOf<PaymentIntentObject>();
    expectTypeOf<EventObjects["charge.succeeded" | "charge.refunded"]>().toEqualTypeOf<ChargeObject>();
    expectTypeOf<EventObjects["charge.dispute.created"]>().toEqualTypeOf<DisputeObject>();
  });
});

type StripeEvent<T extends EventType> = Extract<Stripe.Event, { type: T }>;
type EventResource<T extends EventType> = StripeEvent<T>["data"]["object"];
type EventProblems<T extends EventType> =
  | AnswerProblems<Omit<EventObject<T>, "data">, Omit<StripeEvent<T>, "data">, Exclude<EventFieldsRead, "data">>
  | (RequiredKeys<StripeEvent<T>["data"]> extends keyof EventObject<T>["data"] ? never : `${T}: data lacks a field`);

/** Not modelled in Checkout.Session: customer, tax, shipping, discount, consent and UI settings the platform never asks for nor reads, and the session's other computed parts. */
type SessionNotModelled =
  | "adaptive_pricing"
  | "after_expiration"
  | "allow_promotion_codes"
  | "amount_subtotal"
  | "automatic_tax"
  | "billing_address_collection"
  | "client_secret"
  | "collected_information"
  | "consent"
  | "consent_collection"
  | "currency_conversion"
  | "custom_fields"
  | "custom_text"
  | "customer"
  | "customer_account"
  | "customer_creation"
  | "customer_details"
  | "customer_email"
  | "discounts"
  | "expires_at"
  | "integration_identifier"
  | "invoice"
  | "invoice_creation"
  | "managed_payments"
  | "origin_context"
  | "payment_link"
  | "payment_method_collection"
  | "payment_method_configuration_details"
  | "payment_method_options"
  | "permissions"
  | "recovered_from"
  | "saved_payment_method_options"
  | "setup_intent"
  | "shipping_address_collection"
  | "shipping_cost"
  | "shipping_options"
  | "submit_type"
  | "subscription"
  | "total_details"
  | "ui_mode"
  | "wallet_options";

/** Not modelled in PaymentIntent: capture, confirmation, payment method and Connect details; the platform reads only its status, metadata and charge. */
type PaymentIntentNotModelled =
  | "allowed_payment_method_types"
  | "amount_capturable"
  | "application"
  | "application_fee_amount"
  | "automatic_payment_methods"
  | "canceled_at"
  | "cancellation_reason"
  | "capture_method"
  | "client_secret"
  | "confirmation_method"
  | "customer"
  | "customer_account"
  | "description"
  | "excluded_payment_method_types"
  | "last_payment_error"
  | "managed_payments"
  | "next_action"
  | "on_behalf_of"
  | "payment_method"
  | "payment_method_configuration_details"
  | "payment_method_options"
  | "payment_method_types"
  | "payment_record"
  | "processing"
  | "receipt_email"
  | "review"
  | "setup_future_usage"
  | "shipping"
  | "source"
  | "statement_descriptor"
  | "statement_descriptor_suffix"
  | "transfer_group";

/** Not modelled in Charge: card, risk, receipt, balance and Connect details; the platform reads only whether it is paid and refunded. */
type ChargeNotModelled =
  | "amount_captured"
  | "application"
  | "application_fee"
  | "application_fee_amount"
  | "balance_transaction"
  | "billing_details"
  | "calculated_statement_descriptor"
  | "captured"
  | "customer"
  | "description"
  | "failure_balance_transaction"
  | "failure_code"
  | "failure_message"
  | "fraud_details"
  | "on_behalf_of"
  | "outcome"
  | "payment_method"
  | "payment_method_details"
  | "receipt_email"
  | "receipt_number"
  | "receipt_url"
  | "review"
  | "shipping"
  | "source"
  | "source_transfer"
  | "statement_descriptor"
  | "statement_descriptor_suffix"
  | "transfer_data"
  | "transfer_group";

/** Not modelled in Dispute: evidence and its deadlines, answered at Stripe's Dashboard; the platform only passes the ids on to operations. */
type DisputeNotModelled =
  | "balance_transactions"
  | "enhanced_eligibility_types"
  | "evidence"
  | "evidence_details"
  | "intended_submission_method"
  | "is_charge_refundable"
  | "metadata";
