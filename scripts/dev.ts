/**
 * `npm run dev`: apply pending local D1 migrations, then run `wrangler dev` on 127.0.0.1:8787.
 * Ctrl-C reaches wrangler (same process group); we wait for it and exit with its code.
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureDevIdpSecrets } from "./dev-idp-keys.ts";
import { ensureDevPaymentSecrets } from "./dev-payment-keys.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.ts";

// The dev IdP's keys: made on first run, kept in .dev.vars (gitignored) so dev sessions survive restarts.
// The payment stand-in's API key and webhook signing secret live there too.
const addedSecrets = [
  ...ensureDevIdpSecrets(join(projectRoot, ".dev.vars"), "edge-platform-dev"),
  ...ensureDevPaymentSecrets(join(projectRoot, ".dev.vars")),
];
if (addedSecrets.length > 0) console.log(`.dev.vars: generated ${addedSecrets.join(", ")}`);

for (const database of ["AUTH_DB", "BACKEND_DB"]) {
  const result = spawnSync(wranglerBin, ["d1", "migrations", "apply", database, "--local"], {
    cwd: projectRoot,
    env: wranglerEnv({ CI: "true" }),
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error(`Could not apply the local migrations of ${database} (see above).`);
    process.exit(result.status ?? 1);
  }
  const applied = /No migrations to apply/.test(result.stdout) ? "up to date" : "migrations applied";
  console.log(`${database}: ${applied}`);
}

// Dev data of the backend (seeds/backend-dev.sql: WEB coin products, a premium user); idempotent.
const seeded = spawnSync(wranglerBin, ["d1", "execute", "BACKEND_DB", "--local", "--file", "seeds/backend-dev.sql"], {
  cwd: projectRoot,
  env: wranglerEnv({ CI: "true" }),
  stdio: ["ignore", "pipe", "pipe"],
  encoding: "utf8",
});
if (seeded.status !== 0) {
  process.stderr.write(seeded.stdout + seeded.stderr);
  console.error("Could not seed the local BACKEND_DB (see above).");
  process.exit(seeded.status ?? 1);
}
console.log("BACKEND_DB: dev seed applied");

const wrangler = spawn(wranglerBin, ["dev", ...process.argv.slice(2)], {
  cwd: projectRoot,
  env: wranglerEnv(),
  stdio: "inherit",
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C already reached wrangler; a kill of this process alone did not.
    if (signal === "SIGTERM") wrangler.kill("SIGTERM");
  });
}

wrangler.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
