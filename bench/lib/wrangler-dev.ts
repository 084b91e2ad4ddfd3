import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot, wranglerBin, wranglerEnv } from "../../scripts/wrangler-env.ts";

export interface RunningWorker {
  url: string;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` for a config on a port, with throw-away local state; resolves when ready. */
export async function startWranglerDev(
  configPath: string,
  port: number,
  extraArgs: string[] = [],
  persistTo = newStateDir(),
): Promise<RunningWorker> {
  const child = spawn(
    wranglerBin,
    [
      "dev",
      "--config",
      configPath,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persistTo,
      ...extraArgs,
    ],
    { cwd: projectRoot, env: wranglerEnv({ CI: "true" }), stdio: ["ignore", "pipe", "pipe"] },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(child, configPath);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A throw-away folder for a Worker's local state (KV, D1, R2, Durable Objects). */
export function newStateDir(): string {
  return mkdtempSync(path.join(tmpdir(), "bench-state-"));
}

function waitForReady(child: ChildProcess, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`${label}: wrangler dev not ready in 60 s\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready on http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${label}: wrangler dev exited with ${code}\n${output}`));
    });
  });
}
