/**
 * `scenario test [dir] [vitest options]` (docs/authoring.md "Test your rules"): runs the scenario's
 * own tests, every `*.test.ts` (or .js) under dir, with vitest and the config of
 * scenario-test.config.ts. A test imports createTestRoom from "scenario/test" (the room core
 * headless: src/room-core/test-room.ts). The output and the exit code are vitest's; every option
 * after dir goes to vitest as it is (a file filter, -t <name>, --reporter=verbose), and --watch
 * runs the tests again on each change.
 */
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const TEST_USAGE = `Usage: scenario test [dir] [vitest options and filters]

  test [dir]      run the scenario's tests (every *.test.ts and *.test.js under dir, default .)
                  with vitest; a test imports createTestRoom from "scenario/test": the room's
                  own core, headless, on a clock the test moves
  --watch, -w     run them again whenever a file changes
                  any other option or filter goes to vitest as it is (-t <name>,
                  --reporter=verbose, a file name); the output and the exit code are vitest's`;

const CONFIG = path.join(import.meta.dirname, "scenario-test.config.ts");

/** Runs `scenario test`; `argv` is the command line after `scenario`, the command name included. */
export async function testMain(argv: string[]): Promise<number> {
  const args = [...argv];
  args.splice(args.indexOf("test"), 1);
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    console.log(TEST_USAGE);
    return 0;
  }
  const dir = args[0] !== undefined && !args[0].startsWith("-") ? (args.shift() as string) : ".";
  if (!isFolder(dir)) {
    console.error(`scenario test: ${dir} is not a folder\n\n${TEST_USAGE}`);
    return 2;
  }
  const watch = args.some((arg) => arg === "--watch" || arg === "-w");
  const passed = args.filter((arg) => arg !== "--watch" && arg !== "-w");
  const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
  const command = [vitest, watch ? "watch" : "run", "--config", CONFIG, "--root", path.resolve(dir), ...passed];
  const child = spawn(process.execPath, command, { stdio: "inherit" });
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    return await new Promise<number>((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1))),
    );
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
