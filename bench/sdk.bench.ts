import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { bundleSdk } from "../tools/build/sdk.ts";
import { startWranglerDev } from "../tools/local-platform/local-platform.ts";
import { testPort } from "../tools/local-platform/ports.ts";
import { projectRoot } from "../tools/local-platform/wrangler-env.ts";
import type { Benchmark } from "./lib/types.ts";

const SDK_BUDGET_BYTES = 15 * 1024;
const HARNESS_PORT = testPort(8818);
const ROOMS_PORT = testPort(8819);

/**
 * The game client SDK's size (minified + gzip, budget 15 KB) and `scenario dev`'s ready time (command
 * start to harness page served) against a bare `wrangler dev` of the platform started in the same run.
 */
const sdkBenchmark: Benchmark = async () => {
  const sdk = await bundleSdk({ minify: true });
  const gzipBytes = gzipSync(sdk).length;

  const baselineStart = performance.now();
  const bare = await startWranglerDev("wrangler.toml", ROOMS_PORT);
  const baselineMs = performance.now() - baselineStart;
  await bare.stop();

  const readyMs = await scenarioDevReadyTime();
  return [
    {
      name: "SDK bundle, minified + gzip (bytes)",
      figure: gzipBytes,
      baseline: null,
      unit: "bytes",
      budget: `< ${SDK_BUDGET_BYTES}`,
      pass: gzipBytes < SDK_BUDGET_BYTES,
    },
    {
      name: "scenario dev ready: start to harness served (ms)",
      figure: Math.round(readyMs),
      baseline: Math.round(baselineMs),
      unit: "ms",
      budget: "ratio <= 2 (bare wrangler dev)",
      pass: readyMs / baselineMs <= 2,
    },
  ];
};

async function scenarioDevReadyTime(): Promise<number> {
  const start = performance.now();
  const child = spawn(
    path.join(projectRoot, "node_modules/.bin/node"),
    [
      path.join(projectRoot, "tools/cli/run.ts"),
      "dev",
      "examples/tic-tac-toe",
      "--port",
      String(HARNESS_PORT),
      "--rooms-port",
      String(ROOMS_PORT),
    ],
    { cwd: projectRoot, stdio: "ignore" },
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`scenario dev exited with ${child.exitCode}`);
      if (performance.now() - start > 90_000) throw new Error("scenario dev not ready in 90 s");
      const ok = await fetch(`http://127.0.0.1:${HARNESS_PORT}/`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await stop(child);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export default sdkBenchmark;
