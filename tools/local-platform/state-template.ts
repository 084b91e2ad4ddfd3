/**
 * The local state a fresh platform starts from: both D1 databases migrated and the backend's dev
 * seed applied. Three wrangler CLI runs make it (about 7 s of CPU, 10-15 s on a busy 2-core
 * machine), so they run once per set of migrations and the result is copied into each new state
 * folder. The copy lives in node_modules/.cache/, named by a hash of everything it is made from
 * (migrations, seed, wrangler.toml, wrangler's version): a changed migration makes a new one.
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
const SEED = "seeds/backend-dev.sql";
const CACHE = path.join(projectRoot, "node_modules", ".cache");
const PREFIX = "platform-state-";

/** Fills an empty state folder with migrated, seeded D1 databases. */
export function copyMigratedState(persistTo: string): void {
  cpSync(migratedTemplate(), persistTo, { recursive: true });
}

/**
 * The template folder, made on first use. It is made in a folder of its own and renamed into
 * place whole, so a run stopped halfway leaves no half-migrated template, and two runs making it
 * at once both end with one whole copy.
 */
export function migratedTemplate(): string {
  const dir = path.join(CACHE, `${PREFIX}${inputsHash()}`);
  if (existsSync(dir)) return dir;
  mkdirSync(CACHE, { recursive: true });
  const partial = mkdtempSync(`${dir}.partial-`);
  try {
    migrate(partial);
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
    // Another run renamed its template into place first: the same inputs, so the same template.
  }
  for (const stale of readdirSync(CACHE)) {
    if (stale.startsWith(PREFIX) && !stale.includes(".partial-") && path.join(CACHE, stale) !== dir) {
      rmSync(path.join(CACHE, stale), { recursive: true, force: true });
    }
  }
  return dir;
}

function migrate(persistTo: string): void {
  const wrangler = (args: string[], what: string) => {
    const result = spawnSync(wranglerBin, [...args, "--local", "--persist-to", persistTo], {
      cwd: projectRoot,
      env: wranglerEnv({ CI: "true" }),
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}${result.stderr}`);
  };
  for (const { binding } of DATABASES) wrangler(["d1", "migrations", "apply", binding], `migrations of ${binding}`);
  wrangler(["d1", "execute", "BACKEND_DB", "--file", SEED], "dev seed of BACKEND_DB");
}

/** A hash of every file the template is made from, with their names. */
function inputsHash(): string {
  const hash = createHash("sha256");
  const files = [
    "wrangler.toml",
    SEED,
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
