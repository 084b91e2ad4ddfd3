import { Hono } from "hono";
import { z } from "zod";
import type { StoreProduct, StoreProducts } from "../../../src/store/api";
import { CURRENCIES, type Currency } from "../../../src/store/currency";
import type { StoreEnv } from "../store-env";
import { currentCatalog, pickCurrency, preferredCurrencies } from "../store-rules";

/** The page's `currency` parameter: a code it does not know is ignored, like a prd visitor's. */
export const currencyParam = z.enum(CURRENCIES).optional().catch(undefined);

const productsQuery = z.object({ currency: currencyParam });

/** GET /api/products: WEB products with their price in the visitor's currency (no sign-in). */
export const productRoutes = new Hono<StoreEnv>().get("/api/products", async (c) => {
  const query = productsQuery.parse(c.req.query());
  const preferred = preferredCurrencies(c, query.currency);
  const catalog = await currentCatalog(c.get("store"));
  const products: StoreProduct[] = [];
  for (const product of catalog.products) {
    const currency = pickCurrency(product.prices, preferred) ?? firstCurrency(product.prices);
    const amount = currency === undefined ? undefined : product.prices[currency];
    if (currency === undefined || amount === undefined) continue;
    products.push({
      productId: product.productId,
      coins: product.coins,
      bonusRate: product.bonusRate,
      price: { currency, amount },
    });
  }
  c.header("cache-control", "no-store");
  const body: StoreProducts = { currency: preferred[0], products };
  return c.json(body);
});

function firstCurrency(amounts: Partial<Record<Currency, number>>): Currency | undefined {
  return CURRENCIES.find((currency) => amounts[currency] !== undefined);
}
