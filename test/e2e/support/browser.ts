/** The Chromium that the e2e project's global setup chose (choose-browser.ts), driven by playwright-core. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { inject, onTestFinished } from "vitest";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";
import { launchBrowser } from "./choose-browser.ts";

/** `extraArgs`: flags of one file's own (the production rehearsal's host mapping). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return launchBrowser(inject("e2eBrowser"), undefined, extraArgs);
}

/**
 * Call at the start of a test: if it fails, the page's last state goes to test-results/<name>.png.
 * An onTestFinished hook, not onTestFailed: finished hooks run first, last registered first, so the
 * shot is taken before a context that a hook registered earlier closes. A page the test body
 * closed itself cannot be shot, and the line says so.
 */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFinished(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    const dir = path.join(projectRoot, "test-results");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, "-")}.png`);
    const taken = await page.screenshot({ path: file, fullPage: true }).then(
      () => true,
      () => false,
    );
    console.error(
      taken
        ? `screenshot of the failed page: ${file} (at ${page.url()})`
        : `no screenshot of the failed page ${name}: it was already closed`,
    );
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
