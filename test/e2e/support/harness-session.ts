/**
 * One `scenario dev examples/tic-tac-toe` and one Chromium for a test file (started before its
 * tests, stopped after them), and the harness opened on a fresh room per test.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";
import { openTicTacToe, type RunningScenario, runScenarioDev } from "../scenario-dev.ts";
import { launchChromium, screenshotOnFailure } from "./browser.ts";

export interface TicTacToeHarness {
  /** The harness's URL and the command's output so far. */
  dev(): RunningScenario;
  /** A page of `width` x `height` on room `<name>-<now>`, once both seats show a started game. */
  open(name: string, width: number, height?: number): Promise<{ page: Page; p1: Frame; p2: Frame }>;
}

export function useTicTacToeHarness(port: number, prefix: string): TicTacToeHarness {
  let dev: RunningScenario;
  let browser: Browser;
  beforeAll(async () => {
    dev = await runScenarioDev("examples/tic-tac-toe", port);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await dev?.stop();
  });
  return {
    dev: () => dev,
    async open(name, width, height = 900) {
      const page = await browser.newPage({ viewport: { width, height } });
      screenshotOnFailure(page, `${prefix}-${name}`);
      return { page, ...(await openTicTacToe(page, `${dev.url}?room=${name}-${Date.now()}`)) };
    },
  };
}

/** `npm run docs:img` sets DOCS_IMG=write: then the screenshots of docs/authoring.md are taken. */
export async function saveDocImage(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.DOCS_IMG !== "write") return;
  const dir = path.join(projectRoot, "docs/img");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name), fullPage });
}
