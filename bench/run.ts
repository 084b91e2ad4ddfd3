/**
 * `npm run bench`: starts the platform and the baseline Worker with `wrangler dev`, runs every
 * bench/*.bench.ts against both in the same run, and prints one table of figures and ratios.
 * Exits 1 when a row is over its budget.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freshDevSecrets, startPlatform, startWranglerDev } from "../tools/local-platform/local-platform.ts";
import { putLocalR2Object } from "../tools/local-platform/local-r2.ts";
import { testPort } from "../tools/local-platform/ports.ts";
import { projectRoot } from "../tools/local-platform/wrangler-env.ts";
import { formatTable } from "./lib/table.ts";
import type { Benchmark, BenchRow } from "./lib/types.ts";

const benchDir = path.join(projectRoot, "bench");
const only = process.argv[2];
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts") && (!only || name.includes(only)))
  .sort();

console.log("Starting the platform, its identity provider and the baseline with wrangler dev ...");
// Throw-away state, migrated D1, fresh dev IdP keys, URL vars moved to the bench port. The identity
// provider is another process, as in production: the CPU the platform's process tree spends is
// the platform's own, not the stand-in's work on the provider calls the sign-in service makes.
const secrets = freshDevSecrets();
const provider = await startPlatform(testPort(8793), { vars: secrets });
const idpUrl = `${provider.url}/idp`;
const platform = await startPlatform(testPort(8790), {
  vars: { ...secrets, IDP_API_URL: idpUrl, IDP_TOKEN_URL: idpUrl, IDP_JWKS_URL: `${idpUrl}/jwks` },
});
const baseline = await startWranglerDev("bench/baseline/wrangler.toml", testPort(8791));

const rows: BenchRow[] = [];
try {
  for (const file of files) {
    console.log(`running ${file}`);
    const benchmark: Benchmark = (await import(pathToFileURL(path.join(benchDir, file)).href)).default;
    const putCode = (key: string, file: string) => putLocalR2Object(platform.stateDir, `platform-code/${key}`, file);
    rows.push(
      ...(await benchmark({
        platformUrl: platform.url,
        idpUrl,
        baselineUrl: baseline.url,
        putCode,
        secrets: platform.secrets,
      })),
    );
  }
} finally {
  await Promise.all([platform.stop(), provider.stop(), baseline.stop()]);
}

console.log(`\n${formatTable(rows)}\n`);
const over = rows.filter((row) => !row.pass);
console.log(over.length ? `${over.length} row(s) over budget` : "all rows within budget");
process.exit(over.length ? 1 : 0);
