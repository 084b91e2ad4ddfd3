import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../scripts/ports.ts";
import { messagesFor } from "../../spa/store/src/i18n.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";

/** The store's port: the e2e files run one at a time, each with its own platform. */
const PLATFORM_PORT = testPort(8806);

let platform: RunningWorker;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await waitForFreePort(PLATFORM_PORT);
  platform = await startPlatform(PLATFORM_PORT);
  browser = await launchChromium();
  context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** Waits for the page on this shared, slow machine: Playwright's own waits end first, then the poll. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 200 });

const balanceOf = async (p: Page) => Number(await p.getByTestId("balance").getAttribute("data-balance"));

describe("the coin store in Simplified Chinese", () => {
  it("a zh-CN visitor buys through the page: Checkout opens in zh, Pay returns to the result page, the coins arrive", async () => {
    screenshotOnFailure(page, "store-zh-CN-buy");
    const store = `${platform.url}/store`;
    await page.goto(`${store}/?locale=zh-CN&currency=jpy`);
    await page.waitForURL(`${platform.url}/auth/login?**`);
    await signUpByPhone(page);
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
