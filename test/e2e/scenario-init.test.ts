import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import {
  expectText,
  move,
  openTicTacToe,
  type RunningScenario,
  runScenarioDev,
  seatFrame,
  waitForText,
} from "./scenario-dev.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";

// Ports 8856 (harness) and 8857 (local rooms) belong to this test.
const PORT = testPort(8856);

let parent: string;
let dev: RunningScenario | undefined;
let browser: Browser;

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), "scenario-init-e2e-"));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (parent) rmSync(parent, { recursive: true, force: true });
});

/** `scenario init` as an author types it, from the project's root; its output and the next steps it printed. */
function init(name: string, flags: string[]): { stdout: string; test: string; dev: string } {
  const run = spawnSync("npx", ["scenario", "init", path.join(parent, name), ...flags], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const test = /^\s*(npx scenario test \S+)/m.exec(run.stdout)?.[1];
  const devLine = /^\s*npx scenario dev (\S+)/m.exec(run.stdout)?.[1];
  expect(test, run.stdout).toBeDefined();
  expect(devLine, run.stdout).toBe(path.relative(projectRoot, path.join(parent, name)));
  return { stdout: run.stdout, test: test as string, dev: devLine as string };
}

/** Runs a printed line exactly as printed, in a shell, from where init ran; vitest's own variables are not passed on. */
function runPrinted(line: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")));
  return spawnSync("sh", ["-c", line], { cwd: projectRoot, encoding: "utf8", env: { ...env, NO_COLOR: "1" } });
}

describe("scenario init, then scenario test as it says", () => {
  const cases = [
    { name: "ts-turns", flags: [], file: "src/logic.test.ts" },
    { name: "ts-ticks", flags: ["--template", "real-time"], file: "src/logic.test.ts" },
    { name: "js-turns", flags: ["--js"], file: "logic.test.js" },
    { name: "js-ticks", flags: ["--js", "--template", "real-time"], file: "logic.test.js" },
  ];
  for (const { name, flags, file } of cases) {
    it(`scenario init ${flags.join(" ") || "(TypeScript, turn-based)"}: its first test passes under the printed scenario test`, () => {
      const printed = init(name, flags);
      const tested = runPrinted(printed.test);
      expect(tested.status, tested.stdout + tested.stderr).toBe(0);
      expect(tested.stdout).toContain(`✓ ${file}`);
      expect(tested.stdout).toMatch(/Tests\s+\d+ passed/);
      expect(tested.stdout).not.toMatch(/failed/);
    });
  }
});

describe("scenario init, then scenario dev as it says", () => {
  it("a new TypeScript scenario builds and plays in the harness: both seats, and a move reaches the other", async () => {
    const printed = init("my-game", []);
    dev = await runScenarioDev(printed.dev, PORT);
    expect(dev.output()).toContain("build: esbuild src/client.ts");
    expect(dev.output()).toMatch(/revision dev-my-game-/);
    const page = await browser.newPage();
    screenshotOnFailure(page, "scenario-init");
    const { p1, p2 } = await openTicTacToe(page, dev.url);
    await move(p1, p2, 4, "X");
    await expectText(p2, "#status", "Your turn (O)");
    await expectText(p1, "#status", "Waiting for O");
    await page.close();
    await dev.stop();
    dev = undefined;
  });

  it("a new JavaScript real-time scenario runs in the harness: the room's ticks move a held key's player on the other seat", async () => {
    const printed = init("my-chase", ["--js", "--template", "real-time"]);
    dev = await runScenarioDev(printed.dev, PORT);
    expect(dev.output()).toMatch(/revision dev-my-chase-/);
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    screenshotOnFailure(page, "scenario-init-js");
    await page.goto(dev.url);
    const p1 = await seatFrame(page, "p1");
    const p2 = await seatFrame(page, "p2");
    await waitForText(p2, "#positions", /Player 1 at \(0, 0\)/);
    await p1.click("#arena");
    await page.keyboard.press("ArrowRight", { delay: 800 });
    await waitForText(p2, "#positions", /Player 1 at \((?!0,)\d+(\.5)?, 0\)/);
    await page.close();
  });
});
