/**
 * `npm run bench`: starts the platform and the baseline Worker with `wrangler dev`, runs every
 * bench/*.bench.ts against both in the same run, and prints one table of figures and ratios.
 * Exits 1 when a row is over its budget.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureDevIdpSecrets } from "../scripts/dev-idp-keys.ts";
import { projectRoot } from "../scripts/wrangler-env.ts";
import { formatTable } from "./lib/table.ts";
import type { Benchmark, BenchRow } from "./lib/types.ts";
import { startWranglerDev } from "./lib/wrangler-dev.ts";

const benchDir = path.join(projectRoot, "bench");
const only = process.argv[2];
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts") && (!only || name.includes(only)))
  .sort();

console.log("Starting the platform and the baseline with wrangler dev ...");
// The platform's config needs the dev IdP secrets, as under `npm run dev`.
ensureDevIdpSecrets(path.join(projectRoot, ".dev.vars"), "edge-platform-dev");
const PLATFORM_PORT = 8790;
const platform = await startWranglerDev(
  "wrangler.toml",
  PLATFORM_PORT,
  devUrlVars(`http://127.0.0.1:${PLATFORM_PORT}`),
);
const baseline = await startWranglerDev("bench/baseline/wrangler.toml", 8791);

const rows: BenchRow[] = [];
try {
  for (const file of files) {
    console.log(`running ${file}`);
    const benchmark: Benchmark = (await import(pathToFileURL(path.join(benchDir, file)).href)).default;
    rows.push(...(await benchmark({ platformUrl: platform.url, baselineUrl: baseline.url })));
  }
} finally {
  await Promise.all([platform.stop(), baseline.stop()]);
}

console.log(`\n${formatTable(rows)}\n`);
const over = rows.filter((row) => !row.pass);
console.log(over.length ? `${over.length} row(s) over budget` : "all rows within budget");
process.exit(over.length ? 1 : 0);

/** The dev base URLs of wrangler.toml, moved to another origin so the bench can use its own port. */
function devUrlVars(origin: string): string[] {
  const paths = {
    AUTH_URL: "/auth",
    STORE_URL: "/store",
    API_URL: "/backend",
    ROOMS_URL: "/rooms",
    IDP_URL: "/idp",
    PAYMENTS_URL: "/payments",
    IDP_API_URL: "/idp",
    IDP_TOKEN_URL: "/idp",
    IDP_JWKS_URL: "/idp/jwks",
  };
  return Object.entries(paths).flatMap(([name, prefix]) => ["--var", `${name}:${origin}${prefix}`]);
}
