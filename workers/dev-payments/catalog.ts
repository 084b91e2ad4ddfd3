import type { PriceObject, ProductObject } from "./objects";

function seedProduct(lookupKey: string, name: string): ProductObject {
  return { id: `prod_${lookupKey}`, object: "product", active: true, name, created: 1_767_225_600, livemode: false };
}

function seedPrice(id: string, lookupKey: string, jpy: number, krw: number, twd: number, hkd: number): PriceObject {
  return {
    id,
    object: "price",
    active: true,
    currency: "jpy",
    unit_amount: jpy,
    tax_behavior: "inclusive",
    lookup_key: lookupKey,
    type: "one_time",
    product: `prod_${lookupKey}`,
    currency_options: {
      jpy: { unit_amount: jpy, tax_behavior: "inclusive" },
      krw: { unit_amount: krw, tax_behavior: "inclusive" },
      twd: { unit_amount: twd, tax_behavior: "inclusive" },
      hkd: { unit_amount: hkd, tax_behavior: "inclusive" },
    },
    created: 1_767_225_600,
    livemode: false,
  };
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
