import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, messagesFor } from "../../browser/store/i18n.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { signUpByPhone } from "./support/login-page.ts";
import type { RunningWorker } from "./support/platform.ts";
import { appUserHandOver, balanceOf, poll, type StoreBrowser, startStoreBrowser } from "./support/store-page.ts";

let run: StoreBrowser;
let platform: RunningWorker;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let store: string;

beforeAll(async () => {
  run = await startStoreBrowser("en-US");
  ({ platform, browser, context, page, store } = run);
});

afterAll(async () => {
  await run?.stop();
});

describe("the coin store in a browser", () => {
  it("sends a signed-out visitor to sign in, comes back with the token stripped, buys through the checkout page, sees the balance rise", async () => {
    screenshotOnFailure(page, "store-buy");
    const entry = `${store}/?currency=hkd&locale=en`;
    await page.goto(entry);
    await page.waitForURL(`${platform.url}/auth/login?**`);
    const login = new URL(page.url());
    expect(login.searchParams.get("redirect_uri")).toBe(entry);
    expect(login.searchParams.get("client_id")).toBe("store");

    await signUpByPhone(page);
    await page.waitForURL(`${store}/**`);
    const product = page.locator('[data-product="web_coins_100"]');
    await poll(() => product.locator(".price").textContent()).toBe("HK$8.00");
    expect(page.url()).toBe(entry);
    expect(await balanceOf(page)).toBe(0);
    await poll(() => page.locator(".price").allTextContents()).toEqual(["HK$8.00", "HK$40.00", "HK$80.00"]);

    await product.getByRole("button").click();
    await page.waitForURL(`${platform.url}/payments/checkout/**`);
    expect(await page.getByTestId("amount").textContent()).toMatch(/8\.00/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${store}/result?session_id=**`);
    await poll(() => page.locator(".result").textContent()).toContain("takes a few seconds");
    await poll(() => balanceOf(page)).toBe(100);
    await poll(() => page.locator(".result").getAttribute("data-phase")).toBe("credited");
  });

  it("returns a cancelled checkout to the store with nothing charged", async () => {
    screenshotOnFailure(page, "store-cancel");
    await page.goto(`${store}/?currency=krw`);
    const product = page.locator('[data-product="web_coins_550"]');
    await poll(() => product.locator(".price").textContent()).toBe("₩7,500");
    const before = await balanceOf(page);
    await product.getByRole("button").click();
    await page.waitForURL(`${platform.url}/payments/checkout/**`);
    await page.getByRole("button", { name: "Cancel" }).click();
    // The store comes back as the buyer left it: in won, in English.
    await page.waitForURL(`${store}/?checkout=cancelled&currency=krw&locale=en`);
    await poll(() => page.getByTestId("cancelled").isVisible()).toBe(true);
    await poll(() => product.locator(".price").textContent()).toBe("₩7,500");
    expect(await balanceOf(page)).toBe(before);
  });

  it("renders every locale at 360 px with no horizontal scroll, and remembers the chosen locale", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    for (const locale of LOCALES) {
      screenshotOnFailure(phone, `store-360-${locale}`);
      // A new tab has no tokens yet: the SSO session of the sign-in service signs it in without a form.
      await phone.goto(`${store}/?locale=${locale}&currency=twd`);
      await poll(() => phone.locator(".price").count()).toBe(3);
      expect(await phone.locator("html").getAttribute("lang")).toBe(locale);
      expect(await phone.getByRole("heading", { level: 1 }).textContent()).toBe(messagesFor(locale).title);
      expect(await phone.locator(".buy").first().textContent()).toBe(messagesFor(locale).buy);
      expect(await phone.locator(".price").first().textContent()).toMatch(/33\.00/);
      const widths = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    }
    await phone.goto(`${store}/`);
    await poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe(messagesFor("zh-TW").title);
    await phone.getByRole("combobox").selectOption("ja");
    await poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe(messagesFor("ja").title);
    await phone.goto(`${store}/`);
    await poll(() => phone.locator("html").getAttribute("lang")).toBe("ja");
  });

  it("opens the store signed in from an app's transfer code (entry path a)", async () => {
    const { code } = await appUserHandOver(platform.url, `${store}/`);

    const fresh = await browser.newContext({ locale: "ko-KR" });
    fresh.setDefaultTimeout(10_000);
    const appPage = await fresh.newPage();
    screenshotOnFailure(appPage, "store-transfer");
    try {
      await appPage.goto(`${platform.url}/auth/transfer?code=${code}`);
      // The hand-over page asks whose account it is (in the browser's language): Continue.
      await appPage.click('button[name="decision"][value="continue"]');
      await poll(() => appPage.getByTestId("balance").getAttribute("data-balance")).toBe("0");
      expect(appPage.url()).toBe(`${store}/`);
      expect(await appPage.locator("html").getAttribute("lang")).toBe("ko");
    } finally {
      await fresh.close();
    }
  });
});
