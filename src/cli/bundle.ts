import path from "node:path";
import { build } from "esbuild";

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** The scenario's server logic as one ES module with every import resolved (what publish uploads too). */
export async function bundleLogic(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

/** The game client SDK for browsers: one ES module, loaded by scenario pages as /sdk.js. */
export async function bundleSdk(options: { minify: boolean }): Promise<string> {
  const result = await build({
    entryPoints: [path.join(projectRoot, "src/sdk/index.ts")],
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
