/**
 * `npm run dev`: apply pending local D1 migrations, then run `wrangler dev` on 127.0.0.1:8787.
 * Another port: `npm run dev -- --port 8795` or `PORT=8795 npm run dev`; every app URL var moves
 * with it. Ctrl-C reaches wrangler (same process group); we wait for it and exit with its code.
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildBrowser } from "../build/browser.ts";
import { ensureDevIdpSecrets } from "../local-platform/dev-idp-keys.ts";
import { ensureDevPaymentSecrets } from "../local-platform/dev-payment-keys.ts";
import { devUrlVars } from "../local-platform/local-platform.ts";
import { AUTH_SEEDS, BACKEND_SEEDS } from "../local-platform/state-template.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "../local-platform/wrangler-env.ts";

// The dev IdP's keys: made on first run, kept in .dev.vars (gitignored) so dev sessions survive restarts.
// The payment stand-in's API key and webhook signing secret live there too.
const addedSecrets = [
  ...ensureDevIdpSecrets(join(projectRoot, ".dev.vars"), "edge-platform-dev"),
  ...ensureDevPaymentSecrets(join(projectRoot, ".dev.vars")),
];
if (addedSecrets.length > 0) console.log(`.dev.vars: generated ${addedSecrets.join(", ")}`);

/** Runs a wrangler command on the local state; on failure prints its output and `failure`, and exits. */
function wranglerOrExit(args: string[], failure: string): string {
  const result = spawnSync(wranglerBin, args, {
    cwd: projectRoot,
    env: wranglerEnv({ CI: "true" }),
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error(`${failure} (see above).`);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

for (const database of ["AUTH_DB", "BACKEND_DB"]) {
  const output = wranglerOrExit(
    ["d1", "migrations", "apply", database, "--local"],
    `Could not apply the local migrations of ${database}`,
  );
  console.log(`${database}: ${/No migrations to apply/.test(output) ? "up to date" : "migrations applied"}`);
}

// Dev data of the backend (seeds/: WEB coin products, the seeded users, a premium subscription); idempotent.
for (const seed of BACKEND_SEEDS) {
  wranglerOrExit(["d1", "execute", "BACKEND_DB", "--local", "--file", seed], "Could not seed the local BACKEND_DB");
}
console.log("BACKEND_DB: dev seed applied");
// The seeded accounts' consents (seeds/auth-dev.sql), so they sign in without being asked; idempotent.
for (const seed of AUTH_SEEDS) {
  wranglerOrExit(["d1", "execute", "AUTH_DB", "--local", "--file", seed], "Could not seed the local AUTH_DB");
}
console.log("AUTH_DB: dev seed applied");

// The store page and the page scripts are served from public/ (not committed): built before wrangler serves them.
await buildBrowser();
console.log("browser code: built");

const wrangler = spawn(wranglerBin, ["dev", ...withPort(process.argv.slice(2), process.env.PORT)], {
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

/** The wrangler dev arguments for the port asked for (--port N, --port=N or PORT), with the URL vars moved to it. */
function withPort(args: string[], envPort: string | undefined): string[] {
  const at = args.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
  const given = at < 0 ? envPort : args[at]?.includes("=") ? args[at]?.split("=")[1] : args[at + 1];
  if (!given || given === "8787") return args;
  if (!/^\d{2,5}$/.test(given)) {
    console.error(`Not a port: ${given}`);
    process.exit(2);
  }
  const portArgs = at < 0 ? ["--port", given] : [];
  return [...args, ...portArgs, ...devUrlVars(`http://localhost:${given}`)];
}
