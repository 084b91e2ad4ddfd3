/** What each language of the store page says (one file per language beside this one). */

/** A word that changes with the count, in the plural categories of Intl.PluralRules. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface Messages {
  /** The language's own name, for the switcher. */
  languageName: string;
  title: string;
  language: string;
  signOut: string;
  loading: string;
  balance: string;
  /** "{n} coins": {n} is replaced by the formatted count. */
  coins: Plural;
  /** "+{n} bonus": coins a premium member gets on top. */
  bonusCoins: Plural;
  /** "Premium +{rate}%" */
  premium: string;
  buy: string;
  taxIncluded: string;
  noProducts: string;
  cancelled: string;
  redirecting: string;
  error: string;
  retry: string;
  resultTitle: string;
  resultPending: string;
  resultCredited: string;
  resultWaiting: string;
  resultNotPaid: string;
  backToStore: string;
}
