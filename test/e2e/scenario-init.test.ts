import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { expectText, move, openTicTacToe, type RunningScenario, runScenarioDev } from "./scenario-dev.ts";
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

describe("scenario init, then scenario dev as it says", () => {
  it("a new TypeScript scenario builds and plays in the harness: both seats, and a move reaches the other", async () => {
    const init = spawnSync(
      path.join(projectRoot, "node_modules/.bin/node"),
      [path.join(projectRoot, "tools/cli/run.ts"), "init", path.join(parent, "my-game")],
      { cwd: projectRoot, encoding: "utf8" },
    );
    expect(init.status, init.stderr).toBe(0);
    // The folder exactly as the printed next step names it, run from where init ran.
    const printed = /npx scenario dev (\S+)/.exec(init.stdout)?.[1];
    expect(printed).toBe(path.relative(projectRoot, path.join(parent, "my-game")));

    dev = await runScenarioDev(printed as string, PORT);
    expect(dev.output()).toContain("build: esbuild src/client.ts");
    expect(dev.output()).toMatch(/revision dev-my-game-/);
    const page = await browser.newPage();
    screenshotOnFailure(page, "scenario-init");
    const { p1, p2 } = await openTicTacToe(page, dev.url);
    await move(p1, p2, 4, "X");
    await expectText(p2, "#status", "Your turn (O)");
    await expectText(p1, "#status", "Waiting for O");
  });
});
