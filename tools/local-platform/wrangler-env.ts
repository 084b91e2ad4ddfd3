/**
 * Environment for every wrangler child process we start: no attempt to fetch the `cf` object
 * or to send telemetry (this platform must run with no internet), and Node 22 from
 * node_modules/.bin first on PATH (the machine may have an older Node).
 */
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export function wranglerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = path.join(projectRoot, "node_modules", ".bin");
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    ...extra,
  };
}

export const wranglerBin = path.join(projectRoot, "node_modules", ".bin", "wrangler");
