/** The Chromium that the e2e project's global setup chose (choose-browser.ts), driven by playwright-core. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { inject, onTestFailed } from "vitest";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";
import { launchBrowser } from "./choose-browser.ts";

export function launchChromium(): Promise<Browser> {
  return launchBrowser(inject("e2eBrowser"));
}

/** Call at the start of a test: if it fails, the page's last state goes to test-results/<name>.png. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    const dir = path.join(projectRoot, "test-results");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, "-")}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`screenshot of the failed page: ${file} (at ${page.url()})`);
  });
}

/** A person of their own: a new browser context (no SSO session yet), its page shot if the test fails. */
export async function newPerson(
  browser: Browser,
  name: string,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  return page;
}
