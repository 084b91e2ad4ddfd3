import type { StoreClientConfig } from "../../src/store/api";
import type { Currency } from "../../src/store/currency";
import { appBase } from "./api";
import type { Locale } from "./i18n";

/**
 * The store's home with what the buyer chose kept (document 2's page parameters: `locale`, and
 * `currency` when the page was given one): where every way back to the store leads, so the store
 * never comes back in another currency or language.
 */
export function storeHome(locale: Locale, currency: Currency | null): string {
  const url = new URL(appBase.href);
  if (currency) url.searchParams.set("currency", currency);
  url.searchParams.set("locale", locale);
  return url.href;
}

/** The sign-in service's list of the account's sessions, in the store's language, with the way back here. */
export function sessionsPageUrl(
  config: Pick<StoreClientConfig, "authUrl" | "clientId">,
  locale: Locale,
  currency: Currency | null,
): string {
  const url = new URL(`${config.authUrl.replace(/\/+$/, "")}/sessions`);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", storeHome(locale, currency));
  url.searchParams.set("ui_locales", locale);
  return url.href;
}
