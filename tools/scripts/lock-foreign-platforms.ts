/**
 * `npm run lock:platforms`: the registry these machines reach serves only the Linux builds of a
 * few native packages (Biome, workerd), so `npm install` leaves their other-platform optional
 * dependencies out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
 * This adds each missing entry with its os/cpu, so npm ci skips it on Linux and a macOS or
 * Windows machine fetches it as usual. Run it after any `npm install` that rewrites the lock.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../local-platform/wrangler-env.ts";

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const OS: Record<string, string> = {
  android: "android",
  darwin: "darwin",
  linux: "linux",
  win32: "win32",
  windows: "win32",
};
const CPU: Record<string, string> = { arm64: "arm64", x64: "x64", "64": "x64" };

/** "@biomejs/cli-darwin-arm64" -> os darwin, cpu arm64; "@cloudflare/workerd-windows-64" -> win32, x64. */
function platformOf(name: string): Pick<LockEntry, "os" | "cpu" | "libc"> | null {
  const match = /-(android|darwin|linux|win32|windows)-(arm64|x64|64)(-musl)?$/.exec(name);
  if (!match) return null;
  const [, os, cpu, musl] = match as unknown as [string, string, string, string | undefined];
  return { os: [OS[os] as string], cpu: [CPU[cpu] as string], ...(musl ? { libc: ["musl"] } : {}) };
}

const lockPath = path.join(projectRoot, "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
const added: string[] = [];
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = platformOf(name);
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version, optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(added.length ? `added to package-lock.json: ${added.join(", ")}` : "package-lock.json already complete");
