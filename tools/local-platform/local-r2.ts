import { spawnSync } from "node:child_process";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.ts";

/** `wrangler r2 object put --local` into the local state a running `wrangler dev` uses. */
export async function putLocalR2Object(persistTo: string, objectPath: string, file: string): Promise<void> {
  const result = spawnSync(
    wranglerBin,
    ["r2", "object", "put", objectPath, "--local", "--persist-to", persistTo, "--file", file],
    { cwd: projectRoot, env: wranglerEnv({ CI: "true" }), encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`r2 put ${objectPath} failed:\n${result.stdout}${result.stderr}`);
}
