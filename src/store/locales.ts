/** The store's languages (document 2): the page's `locale` parameter takes one of these. */
export { UI_LOCALES as STORE_LOCALES, type UiLocale as StoreLocale } from "../i18n/locales";
