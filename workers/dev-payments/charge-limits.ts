import { StripeApiError } from "./stand-in";

/**
 * Stripe's minimum charge amounts ("Minimum and maximum charge amounts",
 * docs.stripe.com/currencies), in the minor units the API takes: $0.50, ¥50, HK$4.00, ...
 * Stripe checks them against the account's settlement currency; the stand-in's account is taken
 * to settle in JPY, where the store's prices are set.
 */
const STRIPE_MINIMUMS: Readonly<Record<string, number>> = {
  usd: 50,
  aud: 50,
  brl: 50,
  cad: 50,
  chf: 50,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  jpy: 50,
  mxn: 1_000,
  nok: 300,
  nzd: 50,
  sek: 300,
  sgd: 50,
};

/**
 * Currencies Stripe's table leaves out: a charge in them must convert to at least the settlement
 * currency's minimum (¥50), at the day's rate. The stand-in has no rates; these are ¥50 at rates
 * about 30% less favourable than 2025's (¥4.7 a New Taiwan dollar, ¥0.105 a won), so an amount it
 * takes is one Stripe takes unless the yen gains more than that.
 */
const CONVERTED_MINIMUMS: Readonly<Record<string, number>> = {
  twd: 1_500,
  krw: 700,
};

/** The least amount a charge in this currency may be, in minor units; null when the stand-in does not know it. */
export function minimumCharge(currency: string): number | null {
  return STRIPE_MINIMUMS[currency] ?? CONVERTED_MINIMUMS[currency] ?? null;
}

/** "$0.50 usd", "¥50 jpy", as Stripe names an amount in its refusals. */
export function formatCharge(amount: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    currencyDisplay: "narrowSymbol",
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return `${format.format(amount / 10 ** digits)} ${currency}`;
}

/**
 * Refuses a checkout total under the currency's minimum charge, as Stripe does
 * (`amount_too_small`), and a currency whose minimum the stand-in does not know.
 */
export function checkCheckoutTotal(amount: number, currency: string): void {
  const minimum = minimumCharge(currency);
  if (minimum === null) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `The payment stand-in knows no minimum charge for ${currency} (workers/dev-payments/charge-limits.ts), so it cannot check this session's total.`,
      undefined,
      "currency",
    );
  }
  if (amount >= minimum) return;
  throw new StripeApiError(
    400,
    "invalid_request_error",
    `The Checkout Session's total amount due must add up to at least ${formatCharge(minimum, currency)}`,
    "amount_too_small",
  );
}
