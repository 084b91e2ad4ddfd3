/** Debian's chromium driven by playwright-core: never a downloaded browser. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { onTestFailed } from "vitest";
import { projectRoot } from "../../../scripts/wrangler-env.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
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
