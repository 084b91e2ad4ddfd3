import { z } from "zod";
import { absoluteUrl, boolean, currency, expand, integer, metadata, text } from "./params";
import {
  CHECKOUT_LOCALES,
  CHECKOUT_MODES,
  CHECKOUT_PAYMENT_METHOD_TYPES,
  REFUND_REASONS,
  TAX_BEHAVIORS,
} from "./stripe-enums";

/**
 * What each endpoint of the stand-in takes, checked as Stripe checks it (params.ts). Any other
 * parameter is refused as `parameter_unknown` rather than silently ignored. Each schema is a subset
 * of the pinned stripe package's params type named beside it, field by field and type by type
 * (test/workers/payments-stand-in-contract.test.ts): a parameter the pinned API version does not
 * take cannot be accepted here.
 */

/** Stripe's limit on line items of a payment-mode session. */
const MAX_LINE_ITEMS = 100;
/** Stripe takes at most 10 lookup_keys in one prices.list call. */
export const LOOKUP_KEYS_PER_CALL = 10;

/** POST /v1/checkout/sessions: Stripe.Checkout.SessionCreateParams. */
export const createSessionParams = z.strictObject({
  mode: z.enum(CHECKOUT_MODES),
  line_items: z
    .array(z.strictObject({ price: text(), quantity: integer(1) }))
    .refine((items) => items.length <= MAX_LINE_ITEMS, {
      message: `Invalid array: line_items can have at most ${MAX_LINE_ITEMS} entries`,
    }),
  allowed_payment_method_types: z.array(z.enum(CHECKOUT_PAYMENT_METHOD_TYPES)).optional(),
  client_reference_id: text(200).optional(),
  metadata: metadata.optional(),
  payment_intent_data: z.strictObject({ metadata: metadata.optional() }).optional(),
  success_url: absoluteUrl,
  cancel_url: absoluteUrl.optional(),
  currency: currency.optional(),
  locale: z.enum(CHECKOUT_LOCALES).optional(),
});

/** GET /v1/checkout/sessions/{id}: Stripe.Checkout.SessionRetrieveParams. */
export const retrieveSessionParams = z.strictObject({});

const taxBehavior = z.enum(TAX_BEHAVIORS).optional();

/** GET /v1/prices: Stripe.PriceListParams. */
export const listPricesParams = z.strictObject({
  lookup_keys: z
    .array(text(200))
    .refine((keys) => keys.length <= LOOKUP_KEYS_PER_CALL, {
      message: `Invalid array: lookup_keys can have at most ${LOOKUP_KEYS_PER_CALL} entries`,
    })
    .optional(),
  active: boolean.optional(),
  limit: integer(1, 100).optional(),
  expand: expand(["data.currency_options"]),
});

/** POST /v1/prices: Stripe.PriceCreateParams. */
export const createPriceParams = z.strictObject({
  currency,
  unit_amount: integer(0),
  lookup_key: text(200).optional(),
  transfer_lookup_key: boolean.optional(),
  tax_behavior: taxBehavior,
  product: text().optional(),
  product_data: z.strictObject({ name: text() }).optional(),
  currency_options: z
    .record(z.string(), z.strictObject({ unit_amount: integer(0), tax_behavior: taxBehavior }))
    .optional(),
});

/** POST /v1/prices/{id}: Stripe.PriceUpdateParams. */
export const updatePriceParams = z.strictObject({ active: boolean.optional() });

/** GET /v1/payment_intents/{id}: Stripe.PaymentIntentRetrieveParams. */
export const retrievePaymentIntentParams = z.strictObject({ expand: expand(["latest_charge"]) });

/** GET /v1/charges/{id}: Stripe.ChargeRetrieveParams. */
export const retrieveChargeParams = z.strictObject({});

/** POST /v1/refunds: Stripe.RefundCreateParams. */
export const createRefundParams = z.strictObject({
  payment_intent: text().optional(),
  charge: text().optional(),
  amount: integer(1).optional(),
  reason: z.enum(REFUND_REASONS).optional(),
  metadata: metadata.optional(),
});

/** GET /v1/disputes/{id}: Stripe.DisputeRetrieveParams. */
export const retrieveDisputeParams = z.strictObject({});
