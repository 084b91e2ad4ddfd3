import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "../local-platform/wrangler-env.ts";

/** The game client SDK for browsers: one ES module, loaded by scenario pages as /sdk.js. */
export async function bundleSdk(options: { minify: boolean }): Promise<string> {
  const result = await build({
    entryPoints: [path.join(projectRoot, "browser/sdk/index.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: options.minify,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}
