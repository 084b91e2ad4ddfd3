/**
 * The local state a fresh platform starts from: both D1 databases migrated and the seeds applied
 * (dev: the WEB products, the dev users and their consents; a hosted environment's rehearsal: the
 * WEB products only, as an operator adds them). A few wrangler CLI runs make it (about 7 s of CPU,
 * 10-15 s on a busy 2-core machine), so they run once per set of migrations and the result is
 * copied into each new state folder. The copy lives in node_modules/.cache/, named by the
 * environment and a hash of everything it is made from (migrations, seeds, wrangler.toml,
 * wrangler's version): a changed migration makes a new one.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.ts";

const DATABASES = [
  { binding: "AUTH_DB", migrations: "migrations/auth" },
  { binding: "BACKEND_DB", migrations: "migrations/backend" },
];
/** The backend's seeds of local dev, in order. */
export const BACKEND_SEEDS = ["seeds/web-products.sql", "seeds/backend-dev.sql"];
/** The sign-in service's seed of local dev: the dev IdP's seeded accounts accepted every document. */
export const AUTH_SEEDS = ["seeds/auth-dev.sql"];
/** What an operator of a hosted environment adds before the store sells anything. */
const HOSTED_SEEDS = ["seeds/web-products.sql"];
const CACHE = path.join(projectRoot, "node_modules", ".cache");
const PREFIX = "platform-state-";

export type LocalEnvironment = "dev" | "stg" | "prd";

/** Fills an empty state folder with the environment's migrated, seeded D1 databases. */
export function copyMigratedState(persistTo: string, environment: LocalEnvironment = "dev"): void {
  cpSync(migratedTemplate(environment), persistTo, { recursive: true });
}

/**
 * The template folder, made on first use. It is made in a folder of its own and renamed into
 * place whole, so a run stopped halfway leaves no half-migrated template, and two runs making it
 * at once both end with one whole copy.
 */
export function migratedTemplate(environment: LocalEnvironment = "dev"): string {
  const dir = path.join(CACHE, `${PREFIX}${environment}-${inputsHash()}`);
  if (existsSync(dir)) return dir;
  mkdirSync(CACHE, { recursive: true });
  const partial = mkdtempSync(`${dir}.partial-`);
  try {
    migrate(partial, environment);
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
    // Another run renamed its template into place first: the same inputs, so the same template.
  }
  const ownPrefix = `${PREFIX}${environment}-`;
  for (const stale of readdirSync(CACHE)) {
    if (stale.startsWith(ownPrefix) && !stale.includes(".partial-") && path.join(CACHE, stale) !== dir) {
      rmSync(path.join(CACHE, stale), { recursive: true, force: true });
    }
  }
  return dir;
}

function migrate(persistTo: string, environment: LocalEnvironment): void {
  const envArgs = environment === "dev" ? [] : ["--env", environment];
  const wrangler = (args: string[], what: string) => {
    const result = spawnSync(wranglerBin, [...args, ...envArgs, "--local", "--persist-to", persistTo], {
      cwd: projectRoot,
      env: wranglerEnv({ CI: "true" }),
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}${result.stderr}`);
  };
  for (const { binding } of DATABASES) wrangler(["d1", "migrations", "apply", binding], `migrations of ${binding}`);
  for (const seed of environment === "dev" ? BACKEND_SEEDS : HOSTED_SEEDS) {
    wrangler(["d1", "execute", "BACKEND_DB", "--file", seed], `${seed} into BACKEND_DB`);
  }
  for (const seed of environment === "dev" ? AUTH_SEEDS : []) {
    wrangler(["d1", "execute", "AUTH_DB", "--file", seed], `${seed} into AUTH_DB`);
  }
}

/** A hash of every file the template is made from, with their names. */
function inputsHash(): string {
  const hash = createHash("sha256");
  const files = [
    "wrangler.toml",
    ...BACKEND_SEEDS,
    ...AUTH_SEEDS,
    "node_modules/wrangler/package.json",
    ...DATABASES.flatMap(({ migrations }) =>
      readdirSync(path.join(projectRoot, migrations), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name))),
    ),
  ].sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(projectRoot, file)))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}
