import type Stripe from "stripe";

/**
 * The named members of one of the stripe package's open unions. Its types spell an API enum as
 * `'a' | 'b' | OtherString` (OtherString: any string, so a value the API adds later still
 * compiles), which lets every typo through the compiler too. `KnownValues` keeps `'a' | 'b'`: what
 * the API is documented to take.
 */
export type KnownValues<T> = T extends string ? (string extends T ? never : T) : never;

/** The locales Stripe Checkout renders, as the stripe package's types list them. */
export type CheckoutLocale = KnownValues<Stripe.Checkout.SessionCreateParams.Locale>;

/** The payment method types a Checkout Session can be restricted to (`allowed_payment_method_types`). */
export type CheckoutPaymentMethodType = KnownValues<Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType>;

/**
 * The members of a union as a list, from a record with one key per member. Called with the union
 * as its type argument, the compiler refuses the record when a member is missing or one is extra,
 * so the list cannot drift from the stripe package's types when the package is upgraded.
 */
export function membersOf<K extends string>(record: Record<K, true>): readonly K[] {
  return Object.keys(record) as K[];
}
