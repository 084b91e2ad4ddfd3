import { currencyOption, type PriceObject, type ProductObject, priceObject } from "./objects";

function seedProduct(lookupKey: string, name: string): ProductObject {
  return { id: `prod_${lookupKey}`, object: "product", active: true, name, created: 1_767_225_600, livemode: false };
}

function seedPrice(id: string, lookupKey: string, jpy: number, krw: number, twd: number, hkd: number): PriceObject {
  return priceObject({
    id,
    currency: "jpy",
    unitAmount: jpy,
    taxBehavior: "inclusive",
    lookupKey,
    product: `prod_${lookupKey}`,
    currencyOptions: {
      krw: currencyOption(krw, "inclusive"),
      twd: currencyOption(twd, "inclusive"),
      hkd: currencyOption(hkd, "inclusive"),
    },
    created: 1_767_225_600,
  });
}

/** The products the seeded prices sell, named as an operator would name them at Stripe. */
export const SEED_PRODUCTS: readonly ProductObject[] = [
  seedProduct("web_coins_100", "100 coins"),
  seedProduct("web_coins_550", "550 coins"),
  seedProduct("web_coins_1200", "1,200 coins"),
];

/**
 * Prices every fresh stand-in has: the lookup keys of the dev products seeded into BACKEND_DB
 * (seeds/web-products.sql), in JPY with KRW, TWD and HKD currency_options, tax-inclusive, as an
 * operator would set them up at Stripe (docs/payments.md). TWD and HKD are two-decimal.
 */
export const SEED_PRICES: readonly PriceObject[] = [
  seedPrice("price_dev_coins_100", "web_coins_100", 160, 1_500, 3_300, 800),
  seedPrice("price_dev_coins_550", "web_coins_550", 800, 7_500, 16_500, 4_000),
  seedPrice("price_dev_coins_1200", "web_coins_1200", 1_600, 15_000, 33_000, 8_000),
];
