/**
 * `npm run typecheck`: the env-types check (`wrangler types --check`) and `tsc` for the Worker,
 * Node and browser code and for each example scenario (as its author's editor sees it), two at a time. Each is one single-threaded process, so on a 2-core
 * machine two at once take about half the time of one after another. Each check's output is
 * printed whole when it ends; the exit code is 1 if any failed.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { projectRoot, wranglerBin, wranglerEnv } from "../local-platform/wrangler-env.ts";

const tsc = path.join(projectRoot, "node_modules", ".bin", "tsc");
const checks: [string, string[]][] = [
  // The longest first, so the other three fill the second slot beside it.
  [tsc, ["-p", "tsconfig.json"]],
  [tsc, ["-p", "tsconfig.node.json"]],
  [tsc, ["-p", "browser/tsconfig.json"]],
  [wranglerBin, ["types", "--strict-vars=false", "--check"]],
  ...readdirSync(path.join(projectRoot, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry): [string, string[]] => [tsc, ["-p", `examples/${entry.name}`]]),
];
const AT_ONCE = 2;

function run([command, args]: [string, string[]]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, env: wranglerEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("close", (code) => {
      const ok = code === 0;
      process.stdout.write(`${ok ? "ok" : "FAILED"}: ${path.basename(command)} ${args.join(" ")}\n`);
      if (!ok) process.stdout.write(output);
      resolve(ok);
    });
  });
}

const queue = [...checks];
const results = await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    let ok = true;
    for (let next = queue.shift(); next; next = queue.shift()) ok = (await run(next)) && ok;
    return ok;
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
