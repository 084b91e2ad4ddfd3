/**
 * `npm run build`: bundle the Worker for dev, stg and prd offline (wrangler deploy --dry-run)
 * into dist/<environment>/, the game client SDK into dist/sdk/sdk.js, and report each bundle's
 * size, raw and gzipped.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildBrowser } from "../build/browser.ts";
import { bundleSdk } from "../build/sdk.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "../local-platform/wrangler-env.ts";

const environments = ["dev", "stg", "prd"] as const;
const rows: string[] = [];

// The store page and the page scripts go into the ASSETS directory that every environment's build uploads.
await buildBrowser();

for (const environment of environments) {
  const outdir = path.join(projectRoot, "dist", environment);
  rmSync(outdir, { recursive: true, force: true });
  const args = ["deploy", "--dry-run", "--outdir", outdir];
  if (environment !== "dev") args.push("--env", environment);
  const result = spawnSync(wranglerBin, args, { cwd: projectRoot, env: wranglerEnv(), encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error(`Build for ${environment} failed (see above).`);
    process.exit(1);
  }
  // A passing build still shows wrangler's warnings (a var missing from an environment, say).
  if (/\[WARNING\]/.test(result.stdout + result.stderr)) process.stderr.write(result.stdout + result.stderr);
  const files = readdirSync(outdir).filter((name) => /\.(m?js|wasm)$/.test(name));
  let raw = 0;
  let gzip = 0;
  for (const name of files) {
    const file = path.join(outdir, name);
    raw += statSync(file).size;
    gzip += gzipSync(readFileSync(file)).length;
  }
  rows.push(`${environment.padEnd(4)} ${kib(raw).padStart(10)} ${kib(gzip).padStart(10)}  dist/${environment}/`);
}

// The game client SDK, as host apps ship it to scenario pages (`scenario dev` serves the same build as /sdk.js).
const sdk = await bundleSdk({ minify: true });
mkdirSync(path.join(projectRoot, "dist", "sdk"), { recursive: true });
writeFileSync(path.join(projectRoot, "dist", "sdk", "sdk.js"), sdk);
rows.push(
  `sdk  ${kib(Buffer.byteLength(sdk)).padStart(10)} ${kib(gzipSync(sdk).length).padStart(10)}  dist/sdk/sdk.js`,
);

console.log(`env  ${"bundle".padStart(10)} ${"gzip".padStart(10)}  output`);
for (const row of rows) console.log(row);

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
