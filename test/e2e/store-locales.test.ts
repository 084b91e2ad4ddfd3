import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "../../browser/store/i18n.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { balanceOf, poll, type StoreBrowser, startStoreBrowser } from "./support/store-page.ts";

let run: StoreBrowser;

beforeAll(async () => {
  // A visitor whose browser speaks Simplified Chinese: the store, and its sign-in page, speak it too.
  run = await startStoreBrowser("zh-CN");
});

afterAll(async () => {
  await run?.stop();
});

describe("the coin store in Simplified Chinese", () => {
  it("a zh-CN visitor buys through the page: Checkout opens in zh, Pay returns to the result page, the coins arrive", async () => {
    const { page, platform, store } = run;
    screenshotOnFailure(page, "store-zh-CN-buy");
    await page.goto(`${store}/?locale=zh-CN&currency=jpy`);
    await page.waitForURL(`${platform.url}/auth/login?**`);
    expect(new URL(page.url()).searchParams.get("ui_locales")).toBe("zh-CN");
    await signUpByPhone(page, "zh-CN");
    await page.waitForURL(`${store}/**`);

    const product = page.locator('[data-product="web_coins_100"]');
    await poll(() => product.locator(".price").textContent()).toMatch(/160/);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(messagesFor("zh-CN").title);
    const before = await balanceOf(page);

    await product.getByRole("button", { name: messagesFor("zh-CN").buy }).click();
    await page.waitForURL(`${platform.url}/payments/checkout/**`);
    // Checkout has no zh-CN: the store asked for Simplified Chinese as Checkout spells it.
    expect(await page.getByTestId("locale").textContent()).toBe("zh");
    expect(await page.getByTestId("amount").textContent()).toBe("160 JPY");
    await page.getByRole("button", { name: "Pay" }).click();

    await page.waitForURL(`${store}/result?session_id=**`);
    await poll(() => balanceOf(page)).toBe(before + 100);
    await poll(() => page.locator(".result").getAttribute("data-phase")).toBe("credited");
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");
  });
});
