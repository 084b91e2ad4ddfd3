import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "../local-platform/wrangler-env.ts";

export type ReplayEngine = typeof import("../../src/room-core/replay-engine.ts");

/**
 * The room core's replay parts (src/room-core/replay-engine.ts: the file format, the runner, the
 * in-process logic runner) bundled into one module with esbuild and loaded into this process: the
 * same core the room server runs, for Node tools.
 */
export async function loadReplayEngine(): Promise<ReplayEngine> {
  const result = await build({
    entryPoints: [path.join(projectRoot, "src/room-core/replay-engine.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text ?? "";
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as ReplayEngine;
}
