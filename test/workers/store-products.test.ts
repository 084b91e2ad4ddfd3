import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeBackend, FakePayments, STORE, standardCatalog, storeApp } from "./store-support";

let backend: FakeBackend;
let payments: FakePayments;

beforeEach(() => {
  backend = new FakeBackend();
  payments = new FakePayments();
  standardCatalog(backend, payments);
});

interface ProductsBody {
  currency: string;
  products: { productId: string; coins: number; bonusRate: number; price: { currency: string; amount: number } }[];
}

async function products(query = "", country?: string, environment: "dev" | "prd" = "dev"): Promise<ProductsBody> {
  const store = storeApp({ environment, backend, payments });
  const res = await store(`${STORE}/api/products${query}`, country ? { country } : {});
  expect(res.status).toBe(200);
  return res.json<ProductsBody>();
}

describe("GET /api/products", () => {
  it("lists WEB products with coins, bonus rate and the price in the visitor's currency (minor units)", async () => {
    const body = await products("", "HK");
    expect(body.currency).toBe("hkd");
    expect(body.products).toEqual([
      { productId: "coins_100", coins: 100, bonusRate: 0.05, price: { currency: "hkd", amount: 800 } },
      { productId: "coins_550", coins: 550, bonusRate: 0.1, price: { currency: "hkd", amount: 4000 } },
      { productId: "coins_1200", coins: 1200, bonusRate: 0.15, price: { currency: "hkd", amount: 8000 } },
    ]);
  });

  it("picks the currency by location: JP jpy, KR krw, TW twd, HK hkd, elsewhere jpy", async () => {
    const seen: Record<string, string> = {};
    for (const country of ["JP", "KR", "TW", "HK", "US"]) seen[country] = (await products("", country)).currency;
    expect(seen).toEqual({ JP: "jpy", KR: "krw", TW: "twd", HK: "hkd", US: "jpy" });
  });

  it("honours the currency override outside prd, and ignores an unknown code", async () => {
    expect((await products("?currency=krw", "JP")).products[0]?.price).toEqual({ currency: "krw", amount: 1500 });
    expect((await products("?currency=usd", "TW")).currency).toBe("twd");
  });

  it("ignores the currency override in prd", async () => {
    const body = await products("?currency=krw", "JP", "prd");
    expect(body.currency).toBe("jpy");
    expect(body.products.every((product) => product.price.currency === "jpy")).toBe(true);
  });

  it("ignores the override for a product whose price lacks that currency", async () => {
    payments.prices[0] = { id: "price_100", lookupKey: "coins_100", amounts: { jpy: 160, twd: 3500 } };
    const body = await products("?currency=krw", "TW");
    expect(body.products.map((product) => product.price.currency)).toEqual(["twd", "krw", "krw"]);
  });

  it("leaves out products on one side only, with a warning log naming them", async () => {
    backend.products.push({ productId: "coins_backend_only", coinCount: 9, subscriptionBonusRate: 0 });
    payments.prices.push({ id: "price_x", lookupKey: "coins_provider_only", amounts: { jpy: 100 } });
    const warn = vi.spyOn(console, "warn");
    try {
      const body = await products("", "JP");
      expect(body.products.map((product) => product.productId)).toEqual(["coins_100", "coins_550", "coins_1200"]);
      const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toContainEqual(
        expect.objectContaining({
          severity: "WARNING",
          message: "store products left out: on one side only",
          withoutPrice: ["coins_backend_only"],
        }),
      );
    } finally {
      warn.mockRestore();
    }
  });
});
