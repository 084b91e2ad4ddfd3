/** The coin store under test in Chromium: one platform on the store's port and one browser context. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { testPort } from "../../../tools/local-platform/ports.ts";
import { launchChromium } from "./browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./platform.ts";

export interface StoreBrowser {
  /** With the dev secrets it runs with (the payment stand-in's API key). */
  platform: RunningWorker & { secrets: Record<string, string> };
  /** {platform}/store */
  store: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  stop(): Promise<void>;
}

/** Starts the platform on the store's port (e2e files run one at a time) and a browser in `locale`. */
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

/** The balance the store page shows. */
export const balanceOf = async (page: Page) => Number(await page.getByTestId("balance").getAttribute("data-balance"));
