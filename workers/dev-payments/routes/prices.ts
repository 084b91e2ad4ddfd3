import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { newId, nowSeconds, type PriceObject, type ProductObject } from "../objects";
import {
  boolean,
  currency,
  expand,
  integer,
  invalidRequest,
  isIsoCurrency,
  noSuchParam,
  stripeParams,
  text,
} from "../params";
import { formBody, notFoundError, queryOf, standInOf } from "../stand-in";
import type { StandInStore } from "../store";
import { TAX_BEHAVIORS } from "../stripe-enums";

/** Stripe takes at most 10 lookup_keys in one prices.list call. */
const LOOKUP_KEYS_PER_CALL = 10;

const listPricesQuery = z.strictObject({
  lookup_keys: z
    .array(text(200))
    .refine((keys) => keys.length <= LOOKUP_KEYS_PER_CALL, {
      message: `Invalid array: lookup_keys can have at most ${LOOKUP_KEYS_PER_CALL} entries`,
    })
    .optional(),
  active: boolean.optional(),
  limit: integer(1, 100).optional(),
  expand: expand(["data.currency_options"]),
});

const taxBehavior = z.enum(TAX_BEHAVIORS).optional();

const createPriceParams = z.strictObject({
  currency,
  unit_amount: integer(0),
  lookup_key: text(200).optional(),
  transfer_lookup_key: boolean.optional(),
  tax_behavior: taxBehavior,
  product: text().optional(),
  product_data: z.strictObject({ name: text() }).optional(),
  currency_options: z
    .record(z.string(), z.strictObject({ unit_amount: integer(0), tax_behavior: taxBehavior }))
    .optional(),
});

const updatePriceParams = z.strictObject({ active: boolean.optional() });

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
    const query = stripeParams(listPricesQuery, queryOf(c));
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
    const taxBehaviorOf = (value: (typeof TAX_BEHAVIORS)[number] | undefined) => value ?? "unspecified";
    const price: PriceObject = {
      id: newId("price"),
      object: "price",
      active: true,
      currency: body.currency,
      unit_amount: body.unit_amount,
      tax_behavior: taxBehaviorOf(body.tax_behavior),
      lookup_key: body.lookup_key ?? null,
      type: "one_time",
      product: productId,
      currency_options: {
        ...Object.fromEntries(
          options.map(([code, option]) => [
            code.toLowerCase(),
            { unit_amount: option.unit_amount, tax_behavior: taxBehaviorOf(option.tax_behavior) },
          ]),
        ),
        [body.currency]: { unit_amount: body.unit_amount, tax_behavior: taxBehaviorOf(body.tax_behavior) },
      },
      created: nowSeconds(),
      livemode: false,
    };
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
