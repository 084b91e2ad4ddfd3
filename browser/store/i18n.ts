import { isUiLocale, localeOfTag } from "../../src/i18n/locales";
import { type Currency, MINOR_UNIT_DIGITS, toMajorUnits } from "../../src/store/currency";
import { STORE_LOCALES, type StoreLocale } from "../../src/store/locales";
import { en } from "./messages/en";
import { ja } from "./messages/ja";
import { ko } from "./messages/ko";
import type { Messages, Plural } from "./messages/messages";
import { zhCN } from "./messages/zh-CN";
import { zhTW } from "./messages/zh-TW";

/** The store's languages (document 2): ja, en, ko, zh-CN, zh-TW. */
export const LOCALES = STORE_LOCALES;
export type Locale = StoreLocale;

export type { Messages, Plural } from "./messages/messages";
/** A browser language tag as one of ours (shared with the sign-in service). */
export { localeOfTag };

const CATALOGS: Record<Locale, Messages> = { ja, en, ko, "zh-CN": zhCN, "zh-TW": zhTW };

export function messagesFor(locale: Locale): Messages {
  return CATALOGS[locale];
}

export const isLocale: (value: unknown) => value is Locale = isUiLocale;

/**
 * The page's language: the `locale` parameter (then remembered), else the remembered choice,
 * else the browser's languages, else English.
 */
export function pickLocale(param: string | null, stored: string | null, browser: readonly string[]): Locale {
  if (isLocale(param)) return param;
  if (isLocale(stored)) return stored;
  for (const tag of browser) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return "en";
}

/** Formatting for one locale: counts, plurals and prices through Intl. */
export class Formatter {
  readonly locale: Locale;
  private readonly numbers: Intl.NumberFormat;
  private readonly plurals: Intl.PluralRules;

  constructor(locale: Locale) {
    this.locale = locale;
    this.numbers = new Intl.NumberFormat(locale);
    this.plurals = new Intl.PluralRules(locale);
  }

  count(n: number): string {
    return this.numbers.format(n);
  }

  plural(word: Plural, n: number): string {
    return (word[this.plurals.select(n)] ?? word.other).replace("{n}", this.count(n));
  }

  /**
   * A provider amount in minor units: JPY 1200 = ¥1,200; HKD 1200 = HK$12.00. A sign the locale
   * would write bare where it reads as another currency becomes the international one: a bare "$"
   * other than US dollars (TWD in zh-TW) becomes NT$, a bare yen sign in Chinese (where "¥" is the
   * yuan) becomes JP¥. A store selling in several currencies must not look like another one.
   */
  price(amount: number, currency: Currency): string {
    const digits = MINOR_UNIT_DIGITS[currency];
    const parts = new Intl.NumberFormat(this.locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).formatToParts(toMajorUnits(amount, currency));
    return parts
      .map((part) =>
        part.type === "currency" && this.isAmbiguous(part.value) ? internationalSign(currency) : part.value,
      )
      .join("");
  }

  /** Whether the locale's sign for a currency of ours reads as another currency. */
  private isAmbiguous(sign: string): boolean {
    return sign === "$" || (this.locale.startsWith("zh") && YEN_SIGNS.has(sign));
  }

  /** A bonus rate (0.05) as a whole percentage (5). */
  percent(rate: number): string {
    return this.count(Math.round(rate * 1000) / 10);
  }
}

/** The yen signs: in Chinese "¥" (and its full-width form) is the yuan's. */
const YEN_SIGNS = new Set(["¥", "￥"]);

/**
 * The currency's sign as English writes it where several share one (NT$, HK$; JP¥, as English
 * writes the yen beside the yuan's CN¥): unambiguous among dollars and yen.
 */
function internationalSign(currency: Currency): string {
  if (currency === "jpy") return "JP¥";
  const sign = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() })
    .formatToParts(0)
    .find((part) => part.type === "currency");
  return sign?.value ?? currency.toUpperCase();
}
