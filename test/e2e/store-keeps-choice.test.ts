/**
 * Issue 34, item 7: the store keeps what the buyer chose. Back from the hosted checkout (Cancel or
 * Pay) the store shows the currency and language the buyer left with; the yen is not written as a
 * bare ¥ where that reads as the yuan; the cancelled note covers no Buy button at 360 px.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "../../browser/store/i18n.ts";
import { seriousViolations } from "./support/axe.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { balanceOf, coveredBuyButtons, poll, type StoreBrowser, startStoreBrowser } from "./support/store-page.ts";

let run: StoreBrowser;
let page: Page;
let store: string;
let payments: string;

beforeAll(async () => {
  run = await startStoreBrowser("zh-TW");
  ({ page, store } = run);
  payments = `${run.platform.url}/payments`;
});

afterAll(async () => {
  await run?.stop();
});

const prices = () => page.locator(".price").allTextContents();

async function expectAccessibleAtBothWidths(): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    expect(await seriousViolations(page)).toEqual([]);
  }
}

describe("the store keeps what the buyer chose", () => {
  it("after Cancel it comes back in HK$ and Traditional Chinese, and at 360 px the note covers no Buy button", async () => {
    screenshotOnFailure(page, "store-choice-cancel");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${store}/?currency=hkd&locale=zh-TW`);
    await page.waitForURL(`${run.platform.url}/auth/login?**`);
    await signUpByPhone(page, "zh-TW");
    await page.waitForURL(`${store}/**`);
    await poll(prices).toEqual(["HK$8.00", "HK$40.00", "HK$80.00"]);

    await page.locator('[data-product="web_coins_550"] .buy').click();
    await page.waitForURL(`${payments}/checkout/**`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${store}/?checkout=cancelled&currency=hkd&locale=zh-TW`);
    await poll(prices).toEqual(["HK$8.00", "HK$40.00", "HK$80.00"]);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-TW");
    expect(await page.getByTestId("cancelled").textContent()).toContain(messagesFor("zh-TW").cancelled);
    expect(await coveredBuyButtons(page)).toEqual([]);
    await expectAccessibleAtBothWidths();
  });

  it("after paying, the result page and its way back keep HK$ and the buyer's language", async () => {
    screenshotOnFailure(page, "store-choice-paid");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${store}/?currency=hkd&locale=ko`);
    await poll(prices).toEqual(["HK$8.00", "HK$40.00", "HK$80.00"]);
    const before = await balanceOf(page);
    await page.locator('[data-product="web_coins_100"] .buy').click();
    await page.waitForURL(`${payments}/checkout/**`);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${store}/result?session_id=**`);
    const result = new URL(page.url());
    expect(result.searchParams.get("currency")).toBe("hkd");
    expect(result.searchParams.get("locale")).toBe("ko");
    await poll(() => page.locator(".result").getAttribute("data-phase")).toBe("credited");
    expect(await balanceOf(page)).toBe(before + 100);
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
    await expectAccessibleAtBothWidths();

    await page.getByRole("link", { name: messagesFor("ko").backToStore }).click();
    await page.waitForURL(`${store}/?currency=hkd&locale=ko`);
    await poll(prices).toEqual(["HK$8.00", "HK$40.00", "HK$80.00"]);
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
  });

  it("writes the yen as JP¥ in both Chinese, where a bare ¥ reads as the yuan, and as Japanese writes it in ja", async () => {
    screenshotOnFailure(page, "store-choice-yen");
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [locale, first] of [
      ["zh-TW", "JP¥160"],
      ["zh-CN", "JP¥160"],
      ["ja", "￥160"],
    ]) {
      await page.goto(`${store}/?currency=jpy&locale=${locale}`);
      await poll(() => page.locator(".price").first().textContent()).toBe(first);
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);
    }
  });
});
