import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_CHECK_RETRY_DELAYS_MS } from "../../browser/sign-in/consent-check.ts";
import { messagesFor } from "../../browser/store/i18n.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import {
  appUserHandOver,
  balanceOf,
  poll,
  type StoreBrowser,
  snapshot,
  startStoreBrowser,
} from "./support/store-page.ts";

/**
 * What the store page says when something it depends on is down: the sign-in service's consent
 * check (the store stays closed), or a provider behind the store's API (the page names it). The
 * outages are made in the browser (page.route), in front of a working platform.
 */
let run: StoreBrowser;
let page: Page;
let store: string;

const en = messagesFor("en");

beforeAll(async () => {
  run = await startStoreBrowser("en-US");
  ({ page, store } = run);
  // Signed in through an app's hand-over (no form): the tab keeps its tokens across reloads.
  const { code } = await appUserHandOver(run.platform.url, `${store}/?locale=en`);
  await page.goto(`${run.platform.url}/auth/transfer?code=${code}`);
  await page.click('button[name="decision"][value="continue"]');
  await page.getByTestId("balance").waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await run?.stop();
});

/** The store API answering as it does when a provider is down (workers/store, src/worker-kit). */
const outage = (error: string) => (route: Route) =>
  route.fulfill({ status: 503, json: { error, message: "Not available right now.", requestId: "test" } });

/** The store API's calls by path (one function each: page.unroute takes the one page.route got). */
const storeApi = {
  products: (url: URL) => url.pathname === "/store/api/products",
  me: (url: URL) => url.pathname === "/store/api/me",
  checkout: (url: URL) => url.pathname === "/store/api/checkout",
};
const isConsentCheck = (url: URL) => url.pathname === "/auth/api/consent/pending";

describe("the consent check fails closed", () => {
  it("says the store could not check the terms, shows no store, and opens once Try again gets an answer", async () => {
    screenshotOnFailure(page, "store-consent-unchecked");
    let tries = 0;
    await page.route(isConsentCheck, (route) => {
      tries++;
      return route.abort("failed");
    });

    await page.reload();
    const closed = page.getByTestId("consent-unchecked");
    await poll(() => closed.getByRole("alert").textContent()).toBe(en.consentUnchecked);
    expect(tries).toBe(CONSENT_CHECK_RETRY_DELAYS_MS.length + 1);
    // Nothing of the store: no products, no balance, no Buy.
    expect(await page.locator(".product").count()).toBe(0);
    expect(await page.getByTestId("balance").count()).toBe(0);
    expect(await page.getByRole("button", { name: en.buy }).count()).toBe(0);
    await snapshot(page, "store-consent-unchecked-en");

    // The same in Japanese (the page's language), still closed.
    await page.goto(`${store}/?locale=ja`);
    await poll(() => closed.getByRole("alert").textContent()).toBe(messagesFor("ja").consentUnchecked);
    expect(await page.locator(".product").count()).toBe(0);
    await snapshot(page, "store-consent-unchecked-ja");

    // The service answers again: Try again asks it and opens the store.
    await page.unroute(isConsentCheck);
    await page.setViewportSize({ width: 1280, height: 800 });
    await closed.getByRole("button", { name: messagesFor("ja").retry }).click();
    await poll(() => balanceOf(page)).toBe(0);
    await poll(() => page.locator(".product").count()).toBe(3);
    expect(await closed.count()).toBe(0);
  });

  it("stays closed when the service answers 500 or something that is not the list", async () => {
    for (const answer of [
      (route: Route) => route.fulfill({ status: 500, body: "internal error" }),
      (route: Route) => route.fulfill({ status: 200, contentType: "application/json", body: "{not json" }),
    ]) {
      await page.route(isConsentCheck, answer);
      await page.goto(`${store}/?locale=en`);
      await poll(() => page.getByTestId("consent-unchecked").getByRole("alert").textContent()).toBe(
        en.consentUnchecked,
      );
      expect(await page.locator(".product").count()).toBe(0);
      await page.unroute(isConsentCheck);
    }
  });
});

describe("an unavailable provider is named", () => {
  const failure = () => page.getByTestId("failure");

  it("the payment provider down while listing coins: says the payment service is unavailable", async () => {
    screenshotOnFailure(page, "store-products-unavailable");
    await page.route(storeApi.products, outage("payments_unavailable"));
    await page.goto(`${store}/?locale=en`);
    await poll(() => failure().textContent()).toContain(en.unavailable.payments);
    expect(await page.locator(".product").count()).toBe(0);
    await page.unroute(storeApi.products);
    // Try again lists them once the provider is back.
    await failure().getByRole("button", { name: en.retry }).click();
    await poll(() => page.locator(".product").count()).toBe(3);
    expect(await failure().count()).toBe(0);
  });

  it("the identity provider down while reading the account: says the sign-in cannot be checked", async () => {
    screenshotOnFailure(page, "store-me-unavailable");
    await page.route(storeApi.me, outage("idp_unavailable"));
    await page.goto(`${store}/?locale=en`);
    await poll(() => failure().textContent()).toBe(en.unavailable.idp);
    // No account: the coins are listed, but nothing can be bought.
    await poll(() => page.locator(".product").count()).toBe(3);
    expect(await page.locator(".buy").first().isDisabled()).toBe(true);
    await page.unroute(storeApi.me);
  });

  it("the coin service down: says so, in the page's language", async () => {
    await page.route(storeApi.me, outage("backend_unavailable"));
    await page.goto(`${store}/?locale=ko`);
    await poll(() => failure().textContent()).toBe(messagesFor("ko").unavailable.backend);
    await page.unroute(storeApi.me);
  });

  it("the payment provider down at Buy: says the checkout did not open and nothing was charged", async () => {
    screenshotOnFailure(page, "store-checkout-unavailable");
    await page.route(storeApi.checkout, outage("payments_unavailable"));
    await page.goto(`${store}/?locale=en`);
    await poll(() => balanceOf(page)).toBe(0);
    const product = page.locator('[data-product="web_coins_100"]');
    await product.getByRole("button").click();
    await poll(() => failure().textContent()).toContain(en.checkoutUnavailable.payments);
    expect(en.checkoutUnavailable.payments).toContain("Nothing was charged.");
    // Still on the store, Buy available again, the balance as it was.
    expect(new URL(page.url()).pathname).toBe("/store/");
    expect(await product.getByRole("button").isEnabled()).toBe(true);
    expect(await balanceOf(page)).toBe(0);
    await snapshot(page, "store-checkout-unavailable-en");

    await page.goto(`${store}/?locale=zh-TW`);
    await poll(() => balanceOf(page)).toBe(0);
    await product.getByRole("button").click();
    await poll(() => failure().textContent()).toContain(messagesFor("zh-TW").checkoutUnavailable.payments);
    await snapshot(page, "store-checkout-unavailable-zh-TW");
    await page.unroute(storeApi.checkout);
  });
});
