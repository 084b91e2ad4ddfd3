import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import {
  currencyOption,
  newId,
  nowSeconds,
  type PriceObject,
  type ProductObject,
  priceObject,
  type TaxBehavior,
} from "../objects";
import { invalidRequest, isIsoCurrency, noSuchParam, stripeParams } from "../params";
import { createPriceParams, listPricesParams, updatePriceParams } from "../request-params";
import { formBody, notFoundError, queryOf, standInOf } from "../stand-in";
import type { StandInStore } from "../store";

/**
 * The product a new price sells, as Stripe takes it: an existing `product`, or a new one from
 * `product_data` (its name is what the hosted checkout page shows).
 */
async function productOf(
  store: StandInStore,
  product: string | undefined,
  productData: { name: string } | undefined,
): Promise<string> {
  if (product) {
    if (!(await store.get("product", product))) throw noSuchParam("product", product, "product");
    return product;
  }
  if (!productData) throw invalidRequest("Missing required param: product.", "product", "parameter_missing");
  const created: ProductObject = {
    id: newId("prod"),
    object: "product",
    active: true,
    name: productData.name,
    created: nowSeconds(),
    livemode: false,
  };
  await store.put("product", created.id, created);
  return created.id;
}

/**
 * GET and POST /v1/prices: prices by lookup key (currency_options when expanded), new prices, and
 * archiving one (`active=false`, as an operator replacing a price does).
 */
export const priceRoutes = new Hono<AppEnv>()
  .get("/v1/prices", async (c) => {
    const { store } = standInOf(c);
    const query = stripeParams(listPricesParams, queryOf(c));
    const found = await Promise.all((query.lookup_keys ?? []).map((key) => store.priceByLookupKey(key)));
    const prices = found
      .filter((price): price is PriceObject => price !== null)
      .filter((price) => query.active === undefined || price.active === query.active)
      .slice(0, query.limit ?? 10);
    // currency_options appear only when expanded, as with Stripe.
    const expanded = query.expand?.includes("data.currency_options") ?? false;
    const data = prices.map(({ currency_options, ...price }) => (expanded ? { ...price, currency_options } : price));
    return c.json({ object: "list", data, has_more: false, url: "/v1/prices" });
  })
  .post("/v1/prices", async (c) => {
    const { store } = standInOf(c);
    const body = stripeParams(createPriceParams, await formBody(c));
    const options = Object.entries(body.currency_options ?? {});
    const unknownCurrency = options.find(([code]) => !isIsoCurrency(code));
    if (unknownCurrency) {
      throw invalidRequest(`Invalid currency: ${unknownCurrency[0]}.`, `currency_options[${unknownCurrency[0]}]`);
    }
    if (body.lookup_key && !body.transfer_lookup_key) {
      const holder = await store.priceByLookupKey(body.lookup_key);
      if (holder) {
        throw invalidRequest(
          `A price (\`${holder.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it.`,
          "lookup_key",
        );
      }
    }
    const productId = await productOf(store, body.product, body.product_data);
    const taxBehaviorOf = (value: TaxBehavior | undefined) => value ?? "unspecified";
    const price = priceObject({
      id: newId("price"),
      currency: body.currency,
      unitAmount: body.unit_amount,
      taxBehavior: taxBehaviorOf(body.tax_behavior),
      lookupKey: body.lookup_key ?? null,
      product: productId,
      currencyOptions: Object.fromEntries(
        options.map(([code, option]) => [
          code.toLowerCase(),
          currencyOption(option.unit_amount, taxBehaviorOf(option.tax_behavior)),
        ]),
      ),
      created: nowSeconds(),
    });
    await store.put("price", price.id, price);
    if (price.lookup_key) await store.put("lookup", price.lookup_key, price.id);
    return c.json(price);
  })
  .post("/v1/prices/:id", async (c) => {
    const { store } = standInOf(c);
    const body = stripeParams(updatePriceParams, await formBody(c));
    const price = await store.get("price", c.req.param("id"));
    if (!price) throw notFoundError("price", c.req.param("id"));
    const updated: PriceObject = { ...price, active: body.active ?? price.active };
    await store.put("price", price.id, updated);
    return c.json(updated);
  });
