/**
 * The store's currencies (document 2, Limits): JPY, KRW, TWD, HKD. Amounts travel in minor
 * units as the payment provider keeps them; JPY and KRW have no decimals, TWD and HKD two.
 */
export const CURRENCIES = ["jpy", "krw", "twd", "hkd"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Decimal places of each currency's minor unit at the payment provider (not Intl's ISO table). */
export const MINOR_UNIT_DIGITS: Readonly<Record<Currency, number>> = { jpy: 0, krw: 0, twd: 2, hkd: 2 };

/** Visitors from anywhere else pay in yen: the operator's home currency. */
export const DEFAULT_CURRENCY: Currency = "jpy";

const BY_COUNTRY: Readonly<Record<string, Currency>> = { JP: "jpy", KR: "krw", TW: "twd", HK: "hkd" };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency of a visitor's country (ISO 3166 alpha-2, as Cloudflare's cf.country gives it). */
export function currencyForCountry(country: string | null | undefined): Currency {
  return BY_COUNTRY[(country ?? "").toUpperCase()] ?? DEFAULT_CURRENCY;
}

export interface CurrencyChoice {
  environment: "dev" | "stg" | "prd";
  /** The visitor's `currency` parameter, lower case; honoured only outside prd. */
  override?: Currency | undefined;
  country?: string | null | undefined;
}

/**
 * The currency a visitor sees and pays in: the `currency` override when the environment is not
 * prd (document 2, page parameters; Limits: the override is off in prd), else by location.
 */
export function chooseCurrency(choice: CurrencyChoice): Currency {
  if (choice.environment !== "prd" && choice.override) return choice.override;
  return currencyForCountry(choice.country);
}

/** A provider amount (minor units) as a number of whole currency units: 1234 HKD cents = 12.34. */
export function toMajorUnits(amount: number, currency: Currency): number {
  return amount / 10 ** MINOR_UNIT_DIGITS[currency];
}
