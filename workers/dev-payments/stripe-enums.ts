import type Stripe from "stripe";
import {
  type CheckoutLocale,
  type CheckoutPaymentMethodType,
  type KnownValues,
  membersOf,
} from "../../src/payments/stripe-enums";

/**
 * The values the Stripe API takes for the enum parameters the stand-in checks, taken from the
 * stripe package's types: each list is a record typed by the package's union (`membersOf`), so
 * upgrading the package to one whose union differs fails to compile until the list matches.
 */

/** Checkout's `locale` (SessionCreateParams.Locale). */
export const CHECKOUT_LOCALES = membersOf<CheckoutLocale>({
  auto: true,
  bg: true,
  cs: true,
  da: true,
  de: true,
  el: true,
  en: true,
  "en-GB": true,
  es: true,
  "es-419": true,
  et: true,
  fi: true,
  fil: true,
  fr: true,
  "fr-CA": true,
  "hi-IN": true,
  hr: true,
  hu: true,
  id: true,
  it: true,
  ja: true,
  ko: true,
  lt: true,
  lv: true,
  ms: true,
  mt: true,
  nb: true,
  nl: true,
  pl: true,
  pt: true,
  "pt-BR": true,
  ro: true,
  ru: true,
  sk: true,
  sl: true,
  sv: true,
  th: true,
  tr: true,
  vi: true,
  zh: true,
  "zh-HK": true,
  "zh-TW": true,
});

/** Checkout's `mode` (SessionCreateParams.Mode). */
export const CHECKOUT_MODES = membersOf<KnownValues<Stripe.Checkout.SessionCreateParams.Mode>>({
  payment: true,
  setup: true,
  subscription: true,
});

/** Checkout's `allowed_payment_method_types` (SessionCreateParams.AllowedPaymentMethodType). */
export const CHECKOUT_PAYMENT_METHOD_TYPES = membersOf<CheckoutPaymentMethodType>({
  acss_debit: true,
  affirm: true,
  afterpay_clearpay: true,
  alipay: true,
  alma: true,
  amazon_pay: true,
  au_becs_debit: true,
  bacs_debit: true,
  bancontact: true,
  billie: true,
  bizum: true,
  blik: true,
  boleto: true,
  card: true,
  cashapp: true,
  crypto: true,
  customer_balance: true,
  eps: true,
  fpx: true,
  giropay: true,
  grabpay: true,
  ideal: true,
  kakao_pay: true,
  klarna: true,
  konbini: true,
  kr_card: true,
  link: true,
  mb_way: true,
  mobilepay: true,
  multibanco: true,
  naver_pay: true,
  nz_bank_account: true,
  oxxo: true,
  p24: true,
  pay_by_bank: true,
  payco: true,
  paynow: true,
  paypal: true,
  paypay: true,
  payto: true,
  pix: true,
  promptpay: true,
  revolut_pay: true,
  samsung_pay: true,
  satispay: true,
  scalapay: true,
  sepa_debit: true,
  sequra: true,
  sofort: true,
  sunbit: true,
  swish: true,
  twint: true,
  upi: true,
  us_bank_account: true,
  wechat_pay: true,
  zip: true,
});

/** A price's `tax_behavior` (PriceCreateParams.TaxBehavior). */
export const TAX_BEHAVIORS = membersOf<KnownValues<Stripe.PriceCreateParams.TaxBehavior>>({
  exclusive: true,
  inclusive: true,
  unspecified: true,
});

/** A refund's `reason` (RefundCreateParams.Reason). */
export const REFUND_REASONS = membersOf<KnownValues<Stripe.RefundCreateParams.Reason>>({
  duplicate: true,
  fraudulent: true,
  requested_by_customer: true,
});
