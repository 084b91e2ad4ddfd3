import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { openTicTacToe, type RunningScenario, runScenarioDev } from "./scenario-dev.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";

// Ports 8864 (harness) and 8865 (local rooms) belong to this test.
const PORT = testPort(8864);
const projectRoot = path.resolve(import.meta.dirname, "../..");

let dir: string;
let dev: RunningScenario;
let browser: Browser;
let logic: string;
let goodLogic: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "scenario-build-errors-"));
  cpSync(path.join(projectRoot, "tools/cli/templates/js/turn-based"), dir, { recursive: true });
  // A build step, as a scenario with a check or a compiler has: it fails, printing where, while
  // rules.txt says "broken".
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ ...manifest, build: "node check.mjs" }));
  writeFileSync(path.join(dir, "rules.txt"), "fine\n");
  writeFileSync(
    path.join(dir, "check.mjs"),
    [
      'import { readFileSync } from "node:fs";',
      'console.log("checking rules.txt ...");',
      'if (readFileSync("rules.txt", "utf8").includes("broken")) {',
      '  console.error("rules.txt(1,1): error R1: the rules are broken");',
      "  process.exit(2);",
      "}",
    ].join("\n"),
  );
  logic = path.join(dir, "logic.js");
  goodLogic = readFileSync(logic, "utf8");
  dev = await runScenarioDev(dir, PORT);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Saves as many editors do: a new file written beside the old one, then renamed over it. */
function saveByRename(file: string, text: string) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.swp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

async function openHarness(name: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  screenshotOnFailure(page, `build-errors-${name}`);
  await openTicTacToe(page, `${dev.url}?room=${name}-${Date.now()}`);
  return page;
}

/** The failure as a person reads it: the alert's heading and each problem's line. */
async function shownFailure(page: Page) {
  const alert = page.getByRole("alert");
  await alert.waitFor({ state: "visible", timeout: 20_000 });
  return {
    title: await alert.getByRole("heading", { level: 2 }).textContent(),
    problems: await alert.locator("[data-testid=build-problems] li > p").allTextContents(),
    source: await alert.locator("[data-testid=build-problems] pre").allTextContents(),
    text: await alert.textContent(),
  };
}

async function expectAccessibleAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("scenario dev harness: build errors", () => {
  it("names the scenario in its h1", async () => {
    const page = await openHarness("heading", 1280);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tic-tac-toe with a turn timer");
    expect(await page.isHidden("#build-failure")).toBe(true);
    await expectAccessibleAt(page, 1280);
    await expectAccessibleAt(page, 360);
    await page.close();
  });

  it("shows a syntax error as an alert with file, line, column and message until a saved fix builds", async () => {
    const page = await openHarness("syntax", 1280);
    const revision = await page.textContent("#revision");
    saveByRename(logic, goodLogic.replace("export const TURN_MS = 20_000;", "export const TURN_MS = 20_000 +;"));

    const failure = await shownFailure(page);
    expect(failure.title).toBe("The logic did not build");
    expect(failure.problems).toEqual(['logic.js, line 6, column 32: Unexpected ";"']);
    // The caret stands under column 32, past the line number's gutter.
    expect(failure.source).toEqual([`6 | export const TURN_MS = 20_000 +;\n${" ".repeat("6 | ".length + 31)}^`]);
    expect(failure.text).toContain(`The seats still play revision ${revision?.match(/dev-\S+/)?.[0]}`);
    await expectAccessibleAt(page, 1280);
    await expectAccessibleAt(page, 360);

    // A page opened while the logic is broken shows it too.
    const later = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await later.goto(dev.url);
    expect((await shownFailure(later)).problems).toEqual(['logic.js, line 6, column 32: Unexpected ";"']);
    await later.close();

    // The same file saved again the same way, fixed: the logic is what it was, so the seats stay.
    saveByRename(logic, goodLogic);
    await page.waitForSelector("#build-failure", { state: "hidden", timeout: 20_000 });
    expect(await page.textContent("#notice")).toBe("the logic builds again, unchanged");
    expect(await page.textContent("#revision")).toBe(revision);
    await page.close();
  });

  it("says a logic without a default export cannot run, and moves the seats to the fix's new revision", async () => {
    const page = await openHarness("no-default", 360);
    const before = await page.textContent("#revision");
    saveByRename(logic, goodLogic.replace("export default {", "export const game = {"));

    const failure = await shownFailure(page);
    expect(failure.title).toBe("The logic did not build");
    expect(failure.problems).toEqual([
      "logic.js: has no default export: the rooms run the game object it exports as default (export default { setup, actions, ... })",
    ]);
    await expectAccessibleAt(page, 360);

    writeFileSync(logic, goodLogic.replace("timeouts: 0,", "timeouts: 0, edited: true,"));
    await page.waitForSelector("#build-failure", { state: "hidden", timeout: 20_000 });
    await page.waitForFunction((old) => document.querySelector("#revision")?.textContent !== old, before, {
      timeout: 20_000,
    });
    expect(await page.textContent("#notice")).toMatch(/^logic reloaded: revision dev-tic-tac-toe-\S+$/);
    // Back to the example's logic (another revision) before the next test opens the harness.
    const edited = await page.textContent("#revision");
    saveByRename(logic, goodLogic);
    await page.waitForFunction((old) => document.querySelector("#revision")?.textContent !== old, edited, {
      timeout: 20_000,
    });
    await page.close();
  });

  it("shows the end of a failing build command's output, with the command and its exit code", async () => {
    const page = await openHarness("command", 1280);
    writeFileSync(path.join(dir, "rules.txt"), "broken\n");

    const failure = await shownFailure(page);
    expect(failure.title).toBe('The build command "node check.mjs" exited with 2');
    // The command's stdout and stderr come through two pipes: their lines may interleave either way.
    const output = await page.textContent("#build-failure .build-output");
    expect(output?.split("\n").sort()).toEqual([
      "checking rules.txt ...",
      "rules.txt(1,1): error R1: the rules are broken",
    ]);
    await expectAccessibleAt(page, 1280);
    await expectAccessibleAt(page, 360);

    writeFileSync(path.join(dir, "rules.txt"), "fine again\n");
    await page.waitForSelector("#build-failure", { state: "hidden", timeout: 20_000 });
    await page.close();
  });
});
