import type { StoreLocale } from "../store/locales";
import type { CheckoutLocale } from "./stripe-enums";

/**
 * The Checkout locale of each store locale, the one place the store's languages meet Stripe's.
 * Checkout has no `zh-CN`: Simplified Chinese is `zh` (Traditional: `zh-TW`, `zh-HK`). Typed by
 * both lists, so a store locale without a Checkout locale, or a value Checkout does not take,
 * fails to compile.
 */
export const CHECKOUT_LOCALE_OF: Readonly<Record<StoreLocale, CheckoutLocale>> = {
  ja: "ja",
  en: "en",
  ko: "ko",
  "zh-CN": "zh",
  "zh-TW": "zh-TW",
};
