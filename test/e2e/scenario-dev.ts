import { spawn } from "node:child_process";
import path from "node:path";
import type { Frame, Page } from "playwright-core";
import { startUntilReady } from "../../tools/local-platform/process-tree.ts";
import { expectText } from "./support/tic-tac-toe.ts";

export { expectText, move } from "./support/tic-tac-toe.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");

export interface RunningScenario {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs the real CLI (`scenario dev <dir> --port <port>`) and waits for the harness URL it prints.
 * stop() (or a start that fails) ends the CLI and every process under it (its wrangler, workerd).
 */
export async function runScenarioDev(dir: string, port: number, extra: string[] = []): Promise<RunningScenario> {
  let output = "";
  const started = await startUntilReady(
    path.join(projectRoot, "node_modules/.bin/node"),
    [path.join(projectRoot, "tools/cli/run.ts"), "dev", dir, "--port", String(port), ...extra],
    { cwd: projectRoot },
    {
      ready: /Harness: (http\S+)/,
      label: "scenario dev",
      onOutput: (text) => {
        output += text;
      },
    },
  );
  output = started.output + output;
  return {
    url: started.match[1] as string,
    output: () => output,
    stop: () => started.tree.stop(),
  };
}

/** The document inside a seat's iframe of the harness, once the iframe is there and has a frame. */
export async function seatFrame(page: Page, seatId: string): Promise<Frame> {
  const element = await page.waitForSelector(`iframe[data-seat="${seatId}"]`);
  const frame = await element.contentFrame();
  if (!frame) throw new Error(`the iframe of seat ${seatId} has no document`);
  return frame;
}

/** Opens the tic-tac-toe harness at `url` and returns its two seats, once both show a started game. */
export async function openTicTacToe(page: Page, url: string): Promise<{ p1: Frame; p2: Frame }> {
  await page.goto(url);
  const p1 = await seatFrame(page, "p1");
  const p2 = await seatFrame(page, "p2");
  await expectText(p1, "#status", "Your turn (X)");
  await expectText(p2, "#status", "Waiting for X");
  return { p1, p2 };
}

/** Waits until the text of `selector` in a seat's page matches `pattern` (up to `ms`). */
export function waitForText(frame: Frame, selector: string, pattern: RegExp, ms = 10_000) {
  return frame.waitForFunction(
    ([sel, source]) => new RegExp(source as string).test(document.querySelector(sel as string)?.textContent ?? ""),
    [selector, pattern.source],
    { timeout: ms },
  );
}

/** Runs the real `scenario replay <dir> <file>`; its output and exit code. */
export function scenarioReplay(dir: string, file: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    path.join(projectRoot, "node_modules/.bin/node"),
    [path.join(projectRoot, "tools/cli/run.ts"), "replay", dir, file],
    { cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}
