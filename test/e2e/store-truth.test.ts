import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "../../browser/store/i18n.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { balanceOf, coveredBuyButtons, poll, type StoreBrowser, startStoreBrowser } from "./support/store-page.ts";

/**
 * What the store page tells a buyer (issue 21, parts 6 and 9): the result page's truth on a
 * reload and when it gives up, the header's balance, prices, the premium badge, status lines,
 * the checkout stand-in's product name, and where Sign out lands.
 */
let run: StoreBrowser;
let page: Page;
let store: string;
let payments: string;

beforeAll(async () => {
  run = await startStoreBrowser("en-US");
  ({ page, store } = run);
  payments = `${run.platform.url}/payments`;
});

afterAll(async () => {
  await run?.stop();
});

const en = messagesFor("en");

/** The result page's phase, and the text a person sees (only the current phase's is visible). */
const phaseOf = (on: Page) => on.locator(".result").getAttribute("data-phase");
const shows = (on: Page, text: string) => on.locator(".result").getByText(text, { exact: true }).isVisible();
const backButtonTop = async (on: Page) => (await on.locator(".result .button").boundingBox())?.y;

/**
 * WCAG 2 contrast ratio of an element's text against the nearest opaque background behind it
 * (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
 */
async function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = channels(css).map((c) => c / 255);
      const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    let background = "rgb(255, 255, 255)";
    for (let at: Element | null = node; at; at = at.parentElement) {
      const color = getComputedStyle(at).backgroundColor;
      if ((channels(color)[3] ?? 1) === 1) {
        background = color;
        break;
      }
    }
    const [light, dark] = [luminance(getComputedStyle(node).color), luminance(background)].sort((a, b) => b - a);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

async function delivery(mode: "immediate" | "hold"): Promise<void> {
  const res = await fetch(`${payments}/dev/settings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mode, duplicates: 1, order: "normal" }),
  });
  expect(res.status).toBe(200);
}

/** Buys a product on the store page and pays on the stand-in's hosted page; lands on /result. */
async function buy(on: Page, productId: string, productName: string): Promise<void> {
  await on.locator(`[data-product="${productId}"]`).getByRole("button").click();
  await on.waitForURL(`${payments}/checkout/**`);
  // The stand-in names the product as Stripe's hosted page does (not its lookup key).
  expect(await on.getByTestId("product").textContent()).toBe(productName);
  await on.getByRole("button", { name: "Pay" }).click();
  await on.waitForURL(`${store}/result?session_id=**`);
}

describe("the store tells the truth", () => {
  it("writes Taiwan dollars as NT$ in zh-TW (not a bare $), other currencies with zh-TW's own signs", async () => {
    screenshotOnFailure(page, "store-truth-prices");
    await page.goto(`${store}/?locale=zh-TW&currency=twd`);
    await page.waitForURL(`${run.platform.url}/auth/login?**`);
    // The store's locale reaches the sign-in page (ui_locales): it speaks zh-TW too.
    await signUpByPhone(page, "zh-TW");
    await page.waitForURL(`${store}/**`);
    await poll(() => page.locator(".price").allTextContents()).toEqual(["NT$33.00", "NT$165.00", "NT$330.00"]);
    const first = page.locator(".price").first();
    for (const [currency, price] of [
      // In Chinese a bare ¥ is the yuan: the yen is written JP¥.
      ["jpy", "JP¥160"],
      ["krw", "￦1,500"],
      ["hkd", "HK$8.00"],
    ]) {
      await page.goto(`${store}/?currency=${currency}`);
      await poll(() => first.textContent()).toBe(price);
    }
  });

  it("says the coins arrived after a reload, and the header shows the new balance", async () => {
    screenshotOnFailure(page, "store-truth-reload");
    await page.goto(`${store}/?locale=en&currency=jpy`);
    await poll(() => balanceOf(page)).toBe(0);
    await buy(page, "web_coins_100", "100 coins");
    await poll(() => phaseOf(page)).toBe("credited");
    expect(await balanceOf(page)).toBe(100);

    await page.reload();
    await poll(() => phaseOf(page)).toBe("credited");
    expect(await shows(page, en.resultCredited)).toBe(true);
    expect(await shows(page, en.resultWaiting)).toBe(false);
    expect(await balanceOf(page)).toBe(100);
  });

  it("waiting for a held credit: another purchase's coins are not this one's, the header shows the last poll, the button never moves", async () => {
    screenshotOnFailure(page, "store-truth-give-up");
    await page.goto(`${store}/`);
    await poll(() => balanceOf(page)).toBe(100);
    await delivery("hold");
    await buy(page, "web_coins_100", "100 coins");
    await poll(() => phaseOf(page)).toBe("waiting");
    const buttonTop = await backButtonTop(page);

    // Meanwhile the buyer's other purchase (550 coins) is paid and credited at once.
    await delivery("immediate");
    const idToken = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem("store.tokens") ?? "{}") as { idToken: string }).idToken,
    );
    const headers = { authorization: `Bearer ${idToken}`, "content-type": "application/json" };
    const me = (await (await fetch(`${store}/api/me`, { headers })).json()) as { user: { id: number } };
    const checkout = await fetch(`${store}/api/checkout`, {
      method: "POST",
      headers,
      body: JSON.stringify({ userId: me.user.id, productId: "web_coins_550" }),
    });
    const { url } = (await checkout.json()) as { url: string };
    const paid = await fetch(`${payments}/dev/checkout/${url.slice(url.lastIndexOf("/") + 1)}/pay`, { method: "POST" });
    expect(paid.status).toBe(200);

    // The first tab's header learns the new balance from its next poll, and still waits.
    await poll(() => balanceOf(page)).toBe(650);
    expect(await phaseOf(page)).toBe("waiting");
    await poll(() => phaseOf(page)).toBe("slow");
    expect(await shows(page, en.resultWaiting)).toBe(true);
    expect(await shows(page, en.resultCredited)).toBe(false);
    expect(await balanceOf(page)).toBe(650);
    expect(await backButtonTop(page)).toBe(buttonTop);

    // The held events reach the webhook: a reload now says the coins arrived.
    const flushed = await fetch(`${payments}/dev/events/flush`, { method: "POST", body: "{}" });
    expect(flushed.status).toBe(200);
    await page.reload();
    await poll(() => phaseOf(page)).toBe("credited");
    expect(await balanceOf(page)).toBe(750);
    expect(await backButtonTop(page)).toBe(buttonTop);
  });

  it("shows a cancelled checkout's note above the products: at 360 px it covers no Buy button, wherever one scrolls", async () => {
    screenshotOnFailure(page, "store-truth-cancelled");
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto(`${store}/?checkout=cancelled`);
      await poll(() => page.locator(".product").count()).toBe(3);
      expect(await page.getByTestId("cancelled").isVisible()).toBe(true);
      expect(await coveredBuyButtons(page)).toEqual([]);
      // It is there from the first paint, above the list: the products never move under the pointer.
      const note = await page.getByTestId("cancelled").boundingBox();
      const list = await page.locator(".products").boundingBox();
      expect((note?.y ?? 0) + (note?.height ?? 0)).toBeLessThanOrEqual(list?.y ?? 0);
      await page.getByRole("button", { name: en.dismiss }).click();
      await poll(() => page.getByTestId("cancelled").count()).toBe(0);
      expect(page.url()).toBe(`${store}/`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("promises a premium member only what some product gives: up to the highest rate", async () => {
    const signIn = await fetch(`${run.platform.url}/idp/v1/accounts:signInWithPassword?key=dev-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "premium@example.com", password: "dev-password", returnSecureToken: true }),
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
    const issued = await fetch(`${run.platform.url}/auth/api/transfer/code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id_token: idToken, redirect_uri: `${store}/?locale=en` }),
    });
    expect(issued.status).toBe(200);
    const { code } = (await issued.json()) as { code: string };
    const member = await run.browser.newContext({ locale: "en-US" });
    member.setDefaultTimeout(10_000);
    const memberPage = await member.newPage();
    screenshotOnFailure(memberPage, "store-truth-premium");
    try {
      await memberPage.goto(`${run.platform.url}/auth/transfer?code=${code}`);
      await memberPage.click('button[name="decision"][value="continue"]');
      // The dev products give +5%, +10% and +15%.
      await poll(() => memberPage.getByTestId("premium").textContent()).toBe("Premium: up to +15%");
      await poll(() => memberPage.locator(".bonus").allTextContents()).toEqual([
        "+5 bonus coins",
        "+55 bonus coins",
        "+180 bonus coins",
      ]);
      // WCAG AA for normal text: 4.5:1 against the card it is written on.
      expect(await contrastOf(memberPage.locator(".bonus").first())).toBeGreaterThanOrEqual(4.5);
    } finally {
      await member.close();
    }
  });

  it("says a refunded purchase was refunded, and the header shows the balance without its coins", async () => {
    screenshotOnFailure(page, "store-truth-refunded");
    await page.goto(`${store}/`);
    await poll(() => balanceOf(page)).toBe(750);
    await buy(page, "web_coins_100", "100 coins");
    await poll(() => phaseOf(page)).toBe("credited");
    expect(await balanceOf(page)).toBe(850);

    // The operator refunds it at the provider (as from Stripe's dashboard).
    const stripe = { authorization: `Bearer ${run.platform.secrets.STRIPE_SECRET_KEY}` };
    const sessionId = new URL(page.url()).searchParams.get("session_id") ?? "";
    const session = await fetch(`${payments}/v1/checkout/sessions/${sessionId}`, { headers: stripe });
    const { payment_intent: paymentIntent } = (await session.json()) as { payment_intent: string };
    const refunded = await fetch(`${payments}/v1/refunds`, {
      method: "POST",
      headers: { ...stripe, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_intent: paymentIntent }),
    });
    expect(refunded.status).toBe(200);

    await page.reload();
    await poll(() => phaseOf(page)).toBe("refunded");
    expect(await shows(page, en.resultRefunded)).toBe(true);
    expect(await shows(page, en.resultCredited)).toBe(false);
    expect(await balanceOf(page)).toBe(750);
  });

  it("signs out to the store's own signed-out view, from which Sign in goes to the sign-in page", async () => {
    screenshotOnFailure(page, "store-truth-sign-out");
    await page.goto(`${store}/`);
    await poll(() => balanceOf(page)).toBe(750);
    await page.getByRole("button", { name: en.signOut }).click();
    await page.waitForURL(`${store}/`);
    await poll(() => page.getByTestId("signed-out").isVisible()).toBe(true);
    expect(await page.getByTestId("signed-out").textContent()).toContain(en.signedOut);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(en.title);

    // A reload keeps the signed-out view; Sign in leaves for the sign-in page, back to the store.
    await page.reload();
    await poll(() => page.getByTestId("signed-out").isVisible()).toBe(true);
    await page.getByRole("button", { name: en.signIn }).click();
    await page.waitForURL(`${run.platform.url}/auth/login?**`);
    expect(new URL(page.url()).searchParams.get("redirect_uri")).toBe(`${store}/`);
  });
});
