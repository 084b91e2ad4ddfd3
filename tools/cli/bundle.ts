import { build } from "esbuild";

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
