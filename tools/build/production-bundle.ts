/**
 * What of dev a Worker bundle holds, checked offline: `wrangler deploy --dry-run --outdir` builds
 * the bundle wrangler would upload, its source map names every module in it, and its text is
 * searched for dev's values. The stg/prd build (platform/production.ts) must hold none; the dev
 * build (platform/index.ts) holds them all, which is how the check is known to see them.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot, wranglerBin, wranglerEnv } from "../local-platform/wrangler-env.ts";

export type BuildEnvironment = "dev" | "stg" | "prd";

/** Folders of the tree only the dev build may contain: the stand-ins, their outbox, the dev seeds. */
export const STAND_IN_FOLDERS = [
  "workers/dev-idp/",
  "workers/dev-payments/",
  "durable-objects/webhook-outbox/",
  "seeds/",
] as const;

/** A value of dev that must not be in a deployable bundle, and what it is (never secret: dev's own). */
export interface DevValue {
  readonly value: string;
  readonly what: string;
}

export interface StandInFinding {
  /** module: a source file of a stand-in folder; value: a dev value in the bundle's text. */
  readonly kind: "module" | "value";
  /** The module's path from the project root, or the value's description. */
  readonly what: string;
  /** The bundle file it was found in (its name in the output folder). */
  readonly file: string;
}

export interface BundleReport {
  readonly environment: BuildEnvironment;
  /** The bundle's JavaScript files. */
  readonly files: readonly string[];
  /** How many modules the source maps name (a check that read none would prove nothing). */
  readonly modules: number;
  readonly findings: readonly StandInFinding[];
}

/** Builds one environment's bundle into `outdir` as `wrangler deploy` would, uploading nothing. */
export function buildBundle(environment: BuildEnvironment, outdir: string): Promise<void> {
  const args = ["deploy", "--dry-run", "--outdir", outdir];
  if (environment !== "dev") args.push("--env", environment);
  return new Promise((resolve, reject) => {
    const child = spawn(wranglerBin, args, { cwd: projectRoot, env: wranglerEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`wrangler deploy --dry-run for ${environment} exited ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** The stand-in modules and dev values in the bundle in `outdir`. */
export function findStandIns(
  environment: BuildEnvironment,
  outdir: string,
  devValues: readonly DevValue[],
): BundleReport {
  const files = readdirSync(outdir, { recursive: true, encoding: "utf8" }).filter((name) => /\.[cm]?js$/.test(name));
  if (files.length === 0) throw new Error(`${outdir} holds no bundle`);
  const findings: StandInFinding[] = [];
  let modules = 0;
  for (const file of files) {
    const mapFile = path.join(outdir, `${file}.map`);
    let map: { sources?: string[]; sourceRoot?: string };
    try {
      map = JSON.parse(readFileSync(mapFile, "utf8"));
    } catch {
      // Without the map there is no telling which modules the bundle holds.
      throw new Error(`${file} has no readable source map (${file}.map): cannot tell which modules it holds`);
    }
    const base = path.resolve(path.dirname(mapFile), map.sourceRoot ?? "");
    for (const source of map.sources ?? []) {
      modules += 1;
      const fromRoot = path.relative(projectRoot, path.resolve(base, source)).split(path.sep).join("/");
      if (STAND_IN_FOLDERS.some((folder) => fromRoot.startsWith(folder))) {
        findings.push({ kind: "module", what: fromRoot, file });
      }
    }
    const text = readFileSync(path.join(outdir, file), "utf8");
    for (const { value, what } of devValues) {
      if (text.includes(value)) findings.push({ kind: "value", what: `${what}: "${value}"`, file });
    }
  }
  if (modules === 0) throw new Error(`the source maps in ${outdir} name no module`);
  return { environment, files, modules, findings };
}

/** Builds one environment's bundle in a folder of its own, reports what of dev it holds, removes it. */
export async function checkBundle(
  environment: BuildEnvironment,
  devValues: readonly DevValue[],
): Promise<BundleReport> {
  const outdir = mkdtempSync(path.join(tmpdir(), `bundle-${environment}-`));
  try {
    await buildBundle(environment, outdir);
    return findStandIns(environment, outdir, devValues);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
