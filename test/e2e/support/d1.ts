/** SQL against a database of the platform under test, as an operator runs it (`wrangler d1 execute --local`). */
import { spawnSync } from "node:child_process";
import { projectRoot, wranglerBin, wranglerEnv } from "../../../tools/local-platform/wrangler-env.ts";

export function executeD1(stateDir: string, database: "AUTH_DB" | "BACKEND_DB", sql: string): void {
  const result = spawnSync(
    wranglerBin,
    ["d1", "execute", database, "--local", "--persist-to", stateDir, "--command", sql],
    { cwd: projectRoot, env: wranglerEnv({ CI: "true" }), encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed:\n${result.stdout}${result.stderr}`);
}
