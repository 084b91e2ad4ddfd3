/** What each language of the store page says (one file per language beside this one). */

/** A service the store depends on, as its API names an outage of it (a 503's `error` code). */
export type UnavailableService = "payments" | "idp" | "backend";

/** A word that changes with the count, in the plural categories of Intl.PluralRules. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface Messages {
  /** The language's own name, for the switcher. */
  languageName: string;
  title: string;
  language: string;
  signIn: string;
  signOut: string;
  /** The header's account links, as a landmark's name. */
  account: string;
  /** The link to the sign-in service's list of where the account is signed in. */
  devices: string;
  loading: string;
  balance: string;
  /** "{n} coins": {n} is replaced by the formatted count. */
  coins: Plural;
  /** "+{n} bonus": coins a premium member gets on top. */
  bonusCoins: Plural;
  /** "Premium: up to +{rate}%": the highest rate on sale; a product may give less. */
  premium: string;
  buy: string;
  taxIncluded: string;
  noProducts: string;
  cancelled: string;
  redirecting: string;
  error: string;
  /** A 503 of the store's API while reading (products, account, result): what is unavailable. */
  unavailable: Record<UnavailableService, string>;
  /** The same when Buy failed: what is unavailable, and that nothing was charged. */
  checkoutUnavailable: Record<UnavailableService, string>;
  /**
   * The sign-in service could not say whether the user has updated terms to accept (even after
   * retries): the store stays closed, with Try again.
   */
  consentUnchecked: string;
  /** Closes a status message. */
  dismiss: string;
  retry: string;
  resultTitle: string;
  resultPending: string;
  resultCredited: string;
  resultWaiting: string;
  /** The session's coins were credited, then taken back by a refund. */
  resultRefunded: string;
  resultNotPaid: string;
  /** The store's signed-out view, after Sign out. */
  signedOut: string;
  backToStore: string;
}
