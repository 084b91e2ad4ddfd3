import { type Currency, isCurrency } from "./currency";

/** A product of the backend's current WEB list (consumable_products). */
export interface BackendProduct {
  productId: string;
  coinCount: number;
  /** Bonus for premium members as a fraction (0.05 = +5%), the same value the credit uses. */
  subscriptionBonusRate: number;
}

/** A price at the payment provider, found by lookup key (= product id). */
export interface ProviderPrice {
  /** The provider's price id; only the server ever uses it (document 2, Rule 2). */
  id: string;
  lookupKey: string;
  /** Amount in minor units per currency (currency_options plus the price's own currency). */
  amounts: Partial<Record<Currency, number>>;
}

/** What the store lists: a product on both sides. */
export interface CatalogProduct {
  productId: string;
  coins: number;
  bonusRate: number;
  prices: Partial<Record<Currency, number>>;
}

export interface Catalog {
  products: CatalogProduct[];
  /** Product ids on only one side; the caller logs a warning (document 2, Price). */
  backendOnly: string[];
  providerOnly: string[];
}

/**
 * Matches the backend's products with the provider's prices by product id = lookup key, in the
 * backend's order. A product on only one side is left out. Currencies other than the store's
 * four are dropped, so a price without any of them counts as missing.
 */
export function matchCatalog(products: readonly BackendProduct[], prices: readonly ProviderPrice[]): Catalog {
  const priceByKey = new Map(prices.map((price) => [price.lookupKey, price]));
  const listed = new Set<string>();
  const backendOnly: string[] = [];
  const matched: CatalogProduct[] = [];
  for (const product of products) {
    const amounts = storeAmounts(priceByKey.get(product.productId));
    if (!amounts) {
      backendOnly.push(product.productId);
      continue;
    }
    listed.add(product.productId);
    matched.push({
      productId: product.productId,
      coins: product.coinCount,
      bonusRate: product.subscriptionBonusRate,
      prices: amounts,
    });
  }
  const known = new Set(products.map((product) => product.productId));
  const providerOnly = prices.map((price) => price.lookupKey).filter((key) => !known.has(key));
  return { products: matched, backendOnly, providerOnly };
}

function storeAmounts(price: ProviderPrice | undefined): Partial<Record<Currency, number>> | null {
  if (!price) return null;
  const amounts: Partial<Record<Currency, number>> = {};
  for (const [currency, amount] of Object.entries(price.amounts)) {
    if (isCurrency(currency) && Number.isInteger(amount) && (amount as number) >= 0) amounts[currency] = amount;
  }
  return Object.keys(amounts).length > 0 ? amounts : null;
}
