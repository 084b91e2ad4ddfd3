/** The coin store under test in Chromium: one platform on the store's port and one browser context. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { testPort } from "../../../tools/local-platform/ports.ts";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";
import { launchChromium } from "./browser.ts";
import { startPlatform, waitForFreePort } from "./platform.ts";

export interface StoreBrowser {
  /** The platform under wrangler dev: its dev secrets (the payment stand-in's API key) and state folder (`executeD1`). */
  platform: Awaited<ReturnType<typeof startPlatform>>;
  /** {platform}/store */
  store: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  stop(): Promise<void>;
}

/** Starts the platform on the store's port (the store files share it, in turn) and a browser in `locale`. */
export async function startStoreBrowser(locale: string): Promise<StoreBrowser> {
  const port = testPort(8806);
  await waitForFreePort(port);
  const platform = await startPlatform(port);
  const browser = await launchChromium().catch(async (error: unknown) => {
    await platform.stop();
    throw error;
  });
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return {
    platform,
    store: `${platform.url}/store`,
    browser,
    context,
    page,
    async stop() {
      await browser.close();
      await platform.stop();
    },
  };
}

/** Waits for the page on this shared, slow machine: Playwright's own waits end first, then the poll. */
export const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 200 });

/** Keeps a look at a page at both widths the pages are checked at (test-results/, not committed). */
export async function snapshot(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${projectRoot}/test-results/${name}-${width}.png`, fullPage: true });
  }
}

/** The balance the store page shows. */
export const balanceOf = async (page: Page) => Number(await page.getByTestId("balance").getAttribute("data-balance"));

/**
 * A new app user (an account at the dev IdP) whose app hands them over to a browser: the transfer
 * code for `{platform}/auth/transfer?code=`, which lands on `redirectUri`, and the user's tokens.
 * The user accepted the app's documents in the app (POST /api/consent), unless `consented` is
 * false: then the account has no consent row, and the store's start sends it to /login to accept.
 */
export async function appUserHandOver(platformUrl: string, redirectUri: string, { consented = true } = {}) {
  const signUp = await fetch(`${platformUrl}/idp/v1/accounts:signUp?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `app-${Date.now()}@example.com`,
      password: "app user password",
      returnSecureToken: true,
    }),
  });
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  if (consented) {
    const consent = await fetch(`${platformUrl}/auth/api/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ document_keys: ["app_terms", "privacy"], source: "app" }),
    });
    expect(consent.status).toBe(200);
  }
  const issued = await fetch(`${platformUrl}/auth/api/transfer/code`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id_token: idToken, redirect_uri: redirectUri }),
  });
  expect(issued.status).toBe(200);
  const { code } = (await issued.json()) as { code: string };
  return { code, idToken, localId };
}

/**
 * The Buy buttons something else covers, as "product@scrollY", at every scroll position of the
 * page (50 px apart): at each, the visible part of each button is hit-tested at its centre and
 * near its corners, so a floating note over any of them is caught wherever the buyer scrolls.
 */
export async function coveredBuyButtons(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const covered: string[] = [];
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; ; y = Math.min(y + 50, bottom)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      for (const button of Array.from(document.querySelectorAll<HTMLElement>(".buy"))) {
        const box = button.getBoundingClientRect();
        const top = Math.max(box.top, 0);
        const end = Math.min(box.bottom, window.innerHeight);
        if (end - top < 4) continue;
        const points = [
          [(box.left + box.right) / 2, (top + end) / 2],
          [box.left + 3, top + 2],
          [box.right - 3, top + 2],
          [box.left + 3, end - 2],
          [box.right - 3, end - 2],
        ];
        if (points.some(([x = 0, at = 0]) => !button.contains(document.elementFromPoint(x, at)))) {
          covered.push(
            `${button.closest("[data-product]")?.getAttribute("data-product")}@${Math.round(window.scrollY)}`,
          );
        }
      }
      if (y >= bottom) break;
    }
    window.scrollTo(0, 0);
    return covered;
  });
}
