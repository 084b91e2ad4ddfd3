/** The store's languages (document 2): the page's `locale` parameter takes one of these. */
export const STORE_LOCALES = ["ja", "en", "ko", "zh-CN", "zh-TW"] as const;
export type StoreLocale = (typeof STORE_LOCALES)[number];
