import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "../local-platform/wrangler-env.ts";

/** The `scenario dev` harness page's script (browser/harness/), served by the CLI as /harness.js. */
export async function bundleHarnessScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(projectRoot, "browser/harness/harness.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}
