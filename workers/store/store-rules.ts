import { urlFor } from "../../src/base-url";
import type { Config } from "../../src/config";
import { type Catalog, matchCatalog } from "../../src/store/catalog";
import { type Currency, chooseCurrency, currencyForCountry } from "../../src/store/currency";
import type { StoreLocale } from "../../src/store/locales";
import { currentLog } from "../../src/worker-kit/request-log";
import type { StoreContext, StoreServices } from "./store-env";

/**
 * The WEB products matched with their provider prices. A product on one side only is left out
 * and logged as a warning (document 2, Price): the operator forgot a price or a product row.
 */
export async function currentCatalog({ backend, payments }: StoreServices): Promise<Catalog> {
  const products = await backend.webProducts();
  const prices = await payments.pricesByLookupKeys(products.map((product) => product.productId));
  const catalog = matchCatalog(products, prices);
  if (catalog.backendOnly.length > 0 || catalog.providerOnly.length > 0) {
    currentLog().warn("store products left out: on one side only", {
      withoutPrice: catalog.backendOnly,
      withoutProduct: catalog.providerOnly,
    });
  }
  return catalog;
}

/** The visitor's country as Cloudflare's edge saw it (absent under some local runtimes). */
export function visitorCountry(c: StoreContext): string | null {
  const cf = c.req.raw.cf as { country?: unknown } | undefined;
  return typeof cf?.country === "string" ? cf.country : null;
}

/**
 * The currencies to try for a visitor, best first: the chosen one (override outside prd, else
 * location), then the location's. A product whose price lacks the first falls back to the next
 * (document 2: the override is ignored for products whose price lacks that currency).
 */
export function preferredCurrencies(c: StoreContext, override: Currency | undefined): [Currency, ...Currency[]] {
  const config = c.get("config");
  const country = visitorCountry(c);
  const chosen = chooseCurrency({ environment: config.environment, override, country });
  const local = currencyForCountry(country);
  return chosen === local ? [chosen] : [chosen, local];
}

/** The first preferred currency the amounts have, else undefined (the price's own currency). */
export function pickCurrency(
  amounts: Partial<Record<Currency, number>>,
  preferred: readonly Currency[],
): Currency | undefined {
  return preferred.find((currency) => amounts[currency] !== undefined);
}

/** What the buyer chose on the page (its `currency` and `locale` parameters), which the store comes back with. */
export interface BuyerChoice {
  currency?: Currency | undefined;
  locale?: StoreLocale | undefined;
}

/**
 * Return addresses of the hosted checkout page: always the configured public store URL
 * (STORE_URL), never the request's Origin or Host (document 2, Checkout session). They keep the
 * page's `currency` and `locale`, so after Cancel or Pay the store shows the prices and language
 * the buyer left with.
 */
export function checkoutReturnUrls(
  config: Config,
  choice: BuyerChoice = {},
): { successUrl: string; cancelUrl: string } {
  // Both are values of fixed lists (CURRENCIES, STORE_LOCALES): nothing to escape.
  const kept = Object.entries({ currency: choice.currency, locale: choice.locale })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `&${name}=${value}`)
    .join("");
  return {
    // {CHECKOUT_SESSION_ID} is filled in by the provider, so it stays as written (not URL-encoded).
    successUrl: urlFor(config.apps.store, `/result?session_id={CHECKOUT_SESSION_ID}${kept}`),
    cancelUrl: urlFor(config.apps.store, `/?checkout=cancelled${kept}`),
  };
}
