import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { openAs, seededIdToken } from "./support/sso.ts";

// Port 8840 belongs to this test.
const PORT = testPort(8840);

let platform: RunningWorker;
let browser: Browser;
let pageUrl: string;
let graphqlUrl: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  pageUrl = `${platform.url}/backend/admin/product-order`;
  graphqlUrl = `${platform.url}/backend/graphql`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The seeded operator (admin claim) opens the page with an SSO session of their own. */
async function openAsOperator(page: Page): Promise<void> {
  await openAs(page, platform.url, await seededIdToken(platform.url, "admin@example.com"), pageUrl);
}

/** Where the product list starts on the page (it must not move when the status line changes). */
const listTop = async (page: Page) => (await page.locator("#products").boundingBox())?.y;

const shownOrder = (page: Page) =>
  page.$$eval("#products li", (items) => items.map((item) => (item.textContent ?? "").split(":")[0]));

/** What the store server lists: currentConsumableProducts(store: WEB). */
async function storeOrder(): Promise<string[]> {
  const response = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ currentConsumableProducts(store: WEB) { productId } }" }),
  });
  const { data } = (await response.json()) as { data: { currentConsumableProducts: { productId: string }[] } };
  return data.currentConsumableProducts.map((p) => p.productId);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

/** No serious axe finding at the widths the pages are checked at; nothing scrolls sideways at 360 px. */
async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    const [scrollWidth, viewportWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth as number);
  }
}

/** How an item looks: what tells a picked-up product from a focused one at a glance. */
const looksOf = (page: Page, selector: string) =>
  page.$eval(selector, (item) => {
    const style = getComputedStyle(item);
    return {
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopColor}`,
      shifted: style.transform !== "none",
      badge: item.querySelector(".moving")?.textContent ?? null,
      badgeVisible: (item.querySelector(".moving") as HTMLElement | null)?.checkVisibility() ?? false,
    };
  });

describe("the operator page orders the store's products", () => {
  it("by keyboard only: the move is announced, kept after a reload, and the store lists it", async () => {
    const page = await browser.newPage();
    screenshotOnFailure(page, "product-order-keyboard");
    await openAsOperator(page);
    await expect
      .poll(() => shownOrder(page), { timeout: 15_000 })
      .toEqual(["web_coins_100", "web_coins_550", "web_coins_1200"]);
    expect(page.url()).toBe(pageUrl);
    expect(await page.textContent("#account")).toContain("Signed in as admin@example.com.");

    // The first stop is "Use another account", the next the first product.
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Use another account");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toMatch(/^web_coins_100:/);
    await page.keyboard.press("Space");
    await expect.poll(() => page.textContent("#live")).toMatch(/web_coins_100 picked up, position 1 of 3/);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.textContent("#live")).toMatch(/web_coins_100 moved to position 2 of 3/);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.textContent("#live")).toMatch(/web_coins_100 moved to position 3 of 3/);
    await page.keyboard.press("Space");
    await expect.poll(() => page.textContent("#live")).toBe("Order saved.");
    expect(await shownOrder(page)).toEqual(["web_coins_550", "web_coins_1200", "web_coins_100"]);
    expect(await focusedText(page)).toMatch(/^web_coins_100:/);
    expect(await storeOrder()).toEqual(["web_coins_550", "web_coins_1200", "web_coins_100"]);
    expect(await page.textContent("#status")).toBe("Order saved.");
    const topWithNotice = await listTop(page);

    // The SSO session signs the page in again; the order is the server's. The status line is
    // empty now and the list has not moved up.
    await page.reload();
    await expect
      .poll(() => shownOrder(page), { timeout: 15_000 })
      .toEqual(["web_coins_550", "web_coins_1200", "web_coins_100"]);
    expect(page.url()).toBe(pageUrl);
    expect(await page.textContent("#status")).toBe("");
    expect(await listTop(page)).toBe(topWithNotice);
    await page.close();
  });

  it("shows a move at once, and when the server refuses it restores the saved order and shows the error", async () => {
    const page = await browser.newPage();
    screenshotOnFailure(page, "product-order-failure");
    await openAsOperator(page);
    const before = await storeOrder();
    await expect.poll(() => shownOrder(page), { timeout: 15_000 }).toEqual(before);

    // The reorder request is held until the optimistic order has been seen, then sent with an id
    // that is not one of the list's products: the real server refuses it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(graphqlUrl, async (route: Route) => {
      const body = route.request().postDataJSON() as { query: string; variables: { input?: { itemIds: number[] } } };
      if (!body.query.includes("reorderConsumableProducts") || !body.variables.input) return route.continue();
      await released;
      body.variables.input.itemIds.push(987_654_321);
      return route.continue({ postData: JSON.stringify(body) });
    });

    await page.focus("#products li:first-child");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    const moved = [before[1], before[0], ...before.slice(2)];
    await expect.poll(() => shownOrder(page)).toEqual(moved);
    release();

    await expect
      .poll(() => page.textContent("#error"))
      .toMatch(/The order was not saved: .*not an item of this parent: 987654321/);
    expect(await shownOrder(page)).toEqual(before);
    expect(await page.textContent("#live")).toMatch(/not saved; the saved order is shown again/);
    expect(await storeOrder()).toEqual(before);
    await page.close();
  });

  it("Escape puts a picked-up product back; a drag and drop with the mouse saves like the keyboard", async () => {
    const page = await browser.newPage();
    screenshotOnFailure(page, "product-order-mouse");
    await openAsOperator(page);
    const before = await storeOrder();
    await expect.poll(() => shownOrder(page), { timeout: 15_000 }).toEqual(before);

    await page.focus("#products li:first-child");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => shownOrder(page)).toEqual([before[1], before[0], before[2]]);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.textContent("#live"))
      .toMatch(new RegExp(`Move cancelled; ${before[1]} is back at position 2 of 3`));
    expect(await shownOrder(page)).toEqual(before);
    expect(await storeOrder()).toEqual(before);

    await page.dragAndDrop("#products li:nth-child(3)", "#products li:nth-child(1)");
    await expect.poll(() => page.textContent("#live")).toBe("Order saved.");
    const dropped = [before[2], before[0], before[1]];
    expect(await shownOrder(page)).toEqual(dropped);
    expect(await storeOrder()).toEqual(dropped);
    await page.close();
  });

  it("an account without the admin role is told so, and can switch to another account instead of coming back", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    screenshotOnFailure(page, "product-order-not-admin");
    await openAs(page, platform.url, await seededIdToken(platform.url, "user@example.com"), pageUrl);
    await expect
      .poll(() => page.textContent("#error"), { timeout: 15_000 })
      .toMatch(/needs an account with the admin role: choose "Use another account"/);
    expect(await page.isHidden("#products")).toBe(true);
    // Only the refusal and the way to another account: no instructions for a list it cannot order.
    expect(await page.isHidden("#intro")).toBe(true);
    expect(await page.isHidden("#reorder-help")).toBe(true);
    expect(await page.textContent("#account")).toContain("Signed in as user@example.com.");
    await expectAccessibleAtBothWidths(page);
    const sessionCookie = async () => (await context.cookies()).some((cookie) => cookie.name === "auth_session");
    expect(await sessionCookie()).toBe(true);

    // The link ends the SSO session, so the page's /login shows the sign-in page and stays there
    // (before, /login sent the same account straight back to this dead end).
    await page.getByRole("link", { name: "Use another account" }).click();
    await page.waitForURL(`${platform.url}/auth/login?**`);
    const login = new URL(page.url());
    expect(login.searchParams.get("client_id")).toBe("admin");
    expect(login.searchParams.get("redirect_uri")).toBe(pageUrl);
    await page.waitForSelector("#login-config", { state: "attached" });
    expect(await sessionCookie()).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/auth/login");

    // Signed in as the operator in the same browser, the page lists the products.
    await openAsOperator(page);
    await expect.poll(() => shownOrder(page), { timeout: 15_000 }).toEqual(await storeOrder());
    expect(await page.textContent("#account")).toContain("Signed in as admin@example.com.");
    expect(await page.textContent("#error")).toBe("");
    expect(await page.isVisible("#intro")).toBe(true);
    expect(await page.isVisible("#reorder-help")).toBe(true);
    await context.close();
  });

  it("a product picked up by keyboard is clearly distinct from a focused one: lifted, tinted and marked Moving", async () => {
    const page = await browser.newPage();
    screenshotOnFailure(page, "product-order-picked-up");
    await openAsOperator(page);
    const before = await storeOrder();
    await expect.poll(() => shownOrder(page), { timeout: 15_000 }).toEqual(before);

    await page.focus("#products li:first-child");
    const focused = await looksOf(page, "#products li:first-child");
    expect(focused.badge).toBeNull();
    await page.keyboard.press("Space");
    await expect.poll(() => page.textContent("#live")).toMatch(/picked up/);
    const pickedUp = await looksOf(page, "#products li.grabbed");
    expect(pickedUp.background).not.toBe(focused.background);
    expect(pickedUp.border).not.toBe(focused.border);
    expect(pickedUp.shifted).toBe(true);
    expect(pickedUp).toMatchObject({ badge: "Moving", badgeVisible: true });
    // Moved down one place it is still the one picked up; the product it passed is not.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.textContent("#live")).toMatch(/moved to position 2/);
    expect((await looksOf(page, "#products li:nth-child(2)")).badge).toBe("Moving");
    expect((await looksOf(page, "#products li:nth-child(1)")).badge).toBeNull();
    await expectAccessibleAtBothWidths(page);

    await page.focus("#products li:nth-child(2)");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#products li.grabbed").count()).toBe(0);
    expect(await shownOrder(page)).toEqual(before);
    await page.close();
  });
});
