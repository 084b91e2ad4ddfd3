import { describe, expect, it } from "vitest";
import { Formatter, localeOfTag, pickLocale } from "../../browser/store/i18n.ts";
import { matchCatalog } from "../../src/store/catalog.ts";
import { chooseCurrency, currencyForCountry, toMajorUnits } from "../../src/store/currency.ts";

describe("store prices", () => {
  it("converts minor units: JPY and KRW have no decimals, TWD and HKD two", () => {
    expect(toMajorUnits(160, "jpy")).toBe(160);
    expect(toMajorUnits(1500, "krw")).toBe(1500);
    expect(toMajorUnits(3300, "twd")).toBe(33);
    expect(toMajorUnits(805, "hkd")).toBe(8.05);
  });

  it("formats each currency through Intl in the page's locale", () => {
    const en = new Formatter("en");
    expect(en.price(160, "jpy")).toBe("¥160");
    expect(en.price(1500, "krw")).toBe("₩1,500");
    expect(en.price(3300, "twd")).toBe("NT$33.00");
    expect(en.price(805, "hkd")).toBe("HK$8.05");
    expect(new Formatter("ja").price(160, "jpy")).toBe("￥160");
    expect(new Formatter("ko").price(1500, "krw")).toBe("₩1,500");
  });

  it("writes Taiwan dollars as NT$ where the locale would write a bare $ (zh-TW), other signs as Intl does", () => {
    const zhTW = new Formatter("zh-TW");
    expect(zhTW.price(3300, "twd")).toBe("NT$33.00");
    expect(zhTW.price(800, "hkd")).toBe("HK$8.00");
    expect(new Formatter("zh-CN").price(3300, "twd")).toBe("NT$33.00");
    expect(new Formatter("ko").price(3300, "twd")).toBe("NT$33.00");
  });

  it("writes yen as JP¥ in Chinese, where a bare ¥ is the yuan; Japanese and English keep their yen sign", () => {
    expect(new Formatter("zh-TW").price(160, "jpy")).toBe("JP¥160");
    expect(new Formatter("zh-CN").price(1600, "jpy")).toBe("JP¥1,600");
    expect(new Formatter("ja").price(160, "jpy")).toBe("￥160");
    expect(new Formatter("en").price(160, "jpy")).toBe("¥160");
    expect(new Formatter("ko").price(160, "jpy")).toBe("JP¥160");
  });

  it("picks the plural form through Intl.PluralRules", () => {
    const en = new Formatter("en");
    expect(en.plural({ one: "{n} coin", other: "{n} coins" }, 1)).toBe("1 coin");
    expect(en.plural({ one: "{n} coin", other: "{n} coins" }, 1200)).toBe("1,200 coins");
    expect(new Formatter("ja").plural({ other: "{n}コイン" }, 1)).toBe("1コイン");
    expect(en.percent(0.15)).toBe("15");
    expect(en.percent(0.035)).toBe("3.5");
  });
});

describe("store currency", () => {
  it("follows the visitor's country, jpy elsewhere", () => {
    expect(["JP", "KR", "TW", "HK", "US", null].map((country) => currencyForCountry(country))).toEqual([
      "jpy",
      "krw",
      "twd",
      "hkd",
      "jpy",
      "jpy",
    ]);
  });

  it("takes the override outside prd only", () => {
    expect(chooseCurrency({ environment: "dev", override: "hkd", country: "JP" })).toBe("hkd");
    expect(chooseCurrency({ environment: "stg", override: "krw", country: "JP" })).toBe("krw");
    expect(chooseCurrency({ environment: "prd", override: "hkd", country: "JP" })).toBe("jpy");
  });
});

describe("store catalog", () => {
  it("keeps products on both sides in the backend's order and names the one-sided ones", () => {
    const catalog = matchCatalog(
      [
        { productId: "b", coinCount: 2, subscriptionBonusRate: 0 },
        { productId: "a", coinCount: 1, subscriptionBonusRate: 0.05 },
        { productId: "only_backend", coinCount: 3, subscriptionBonusRate: 0 },
        { productId: "usd_only", coinCount: 4, subscriptionBonusRate: 0 },
      ],
      [
        { id: "p_a", lookupKey: "a", amounts: { jpy: 100 } },
        { id: "p_b", lookupKey: "b", amounts: { jpy: 200, hkd: 1000 } },
        { id: "p_x", lookupKey: "only_provider", amounts: { jpy: 1 } },
        { id: "p_usd", lookupKey: "usd_only", amounts: {} },
      ],
    );
    expect(catalog.products.map((p) => p.productId)).toEqual(["b", "a"]);
    expect(catalog.products[0]?.prices).toEqual({ jpy: 200, hkd: 1000 });
    expect(catalog.backendOnly).toEqual(["only_backend", "usd_only"]);
    expect(catalog.providerOnly).toEqual(["only_provider"]);
  });
});

describe("store locale", () => {
  it("takes the parameter, then the stored choice, then the browser's languages, then English", () => {
    expect(pickLocale("ko", "ja", ["en-US"])).toBe("ko");
    expect(pickLocale("xx", "ja", ["en-US"])).toBe("ja");
    expect(pickLocale(null, null, ["fr-FR", "zh-HK"])).toBe("zh-TW");
    expect(pickLocale(null, null, ["fr-FR"])).toBe("en");
  });

  it("reads Chinese tags as zh-CN or zh-TW by script and region", () => {
    expect(["zh", "zh-CN", "zh-Hans-SG", "zh-TW", "zh-Hant", "zh-HK"].map(localeOfTag)).toEqual([
      "zh-CN",
      "zh-CN",
      "zh-CN",
      "zh-TW",
      "zh-TW",
      "zh-TW",
    ]);
  });
});
