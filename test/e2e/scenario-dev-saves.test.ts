import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { openTicTacToe, type RunningScenario, runScenarioDev } from "./scenario-dev.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";

// Ports 8876 (harness) and 8877 (local rooms) belong to this test; 8878 and 8879 to its second `scenario dev`.
const PORT = testPort(8876);
const SECOND_PORT = testPort(8878);
const projectRoot = path.resolve(import.meta.dirname, "../..");

const UNCHANGED = "the saved files are the same as at the last build: nothing to rebuild";
const NOTHING_SERVED = "the build changed nothing the seats run: no seat reloads";

let dir: string;
let dev: RunningScenario;
let browser: Browser;
let page: Page;
let seat: Frame;

beforeAll(async () => {
  // The JS template laid out as the examples are: the page's sources apart, and a build that
  // writes what the seats load into the client folder (`output`), the same bytes every run.
  dir = mkdtempSync(path.join(tmpdir(), "scenario-saves-"));
  cpSync(path.join(projectRoot, "tools/cli/templates/js/turn-based"), dir, { recursive: true });
  mkdirSync(path.join(dir, "page"));
  for (const file of ["index.html", "client.js", "style.css"]) {
    renameSync(path.join(dir, file), path.join(dir, "page", file));
  }
  writeFileSync(
    path.join(dir, "build.mjs"),
    [
      'import { copyFileSync, mkdirSync } from "node:fs";',
      'mkdirSync("public", { recursive: true });',
      'for (const file of ["index.html", "client.js", "style.css"]) copyFileSync("page/" + file, "public/" + file);',
      'copyFileSync("logic.js", "public/logic.js");',
    ].join("\n"),
  );
  writeFileSync(path.join(dir, "notes.md"), "Ideas for the next version.\n");
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ ...manifest, build: "node build.mjs", output: "public" }),
  );
  dev = await runScenarioDev(dir, PORT);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  ({ p1: seat } = await openTicTacToe(page, `${dev.url}?room=saves-${Date.now()}`));
  // A mark on the seat's page: a reload of the seat's iframe takes it away.
  await seat.evaluate(() => {
    (window as unknown as { kept: boolean }).kept = true;
  });
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function count(text: string, line: string): number {
  return text.split(line).length - 1;
}

/** Runs `save`, then waits until `scenario dev` has printed `line` once more. */
async function savedThenPrinted(save: () => void | Promise<void>, line: string) {
  const before = count(dev.output(), line);
  await save();
  await expect.poll(() => count(dev.output(), line), { timeout: 20_000 }).toBeGreaterThan(before);
}

const seatKept = () => seat.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

describe("scenario dev: saves that change nothing leave the seats alone", () => {
  beforeEach(({ task }) => screenshotOnFailure(page, `scenario-dev-saves-${task.name.slice(0, 40)}`));

  it("a file saved again with the same bytes builds nothing, and no seat reloads", async () => {
    const logic = path.join(dir, "logic.js");
    const builds = count(dev.output(), "build: node build.mjs");
    await savedThenPrinted(() => writeFileSync(logic, readFileSync(logic)), UNCHANGED);
    expect(count(dev.output(), "build: node build.mjs")).toBe(builds);
    expect(await seatKept()).toBe(true);
  });

  it("an edit to a file the seats do not load runs the build, which changes nothing they run: no seat reloads", async () => {
    const builds = count(dev.output(), "build: node build.mjs");
    await savedThenPrinted(() => writeFileSync(path.join(dir, "notes.md"), "Ideas: a 4x4 board.\n"), NOTHING_SERVED);
    expect(count(dev.output(), "build: node build.mjs")).toBe(builds + 1);
    expect(await seatKept()).toBe(true);
  });

  it("a second `scenario dev` of the same folder, whose build writes the same files, leaves the first one's seats alone", async () => {
    await savedThenPrinted(async () => {
      const second = await runScenarioDev(dir, SECOND_PORT);
      await second.stop();
    }, UNCHANGED);
    expect(await seatKept()).toBe(true);
    expect(await seat.textContent("#status")).toBe("Your turn (X)");
  });

  it("an edit to what the seats load reloads them, and they show it", async () => {
    const source = path.join(dir, "page/index.html");
    writeFileSync(source, readFileSync(source, "utf8").replace("<h1>Tic-tac-toe</h1>", "<h1>Tic-tac-toe, edited</h1>"));
    await seat.waitForFunction(() => document.querySelector("h1")?.textContent === "Tic-tac-toe, edited", null, {
      timeout: 20_000,
    });
    expect(await seatKept()).toBe(false);
  });
});
