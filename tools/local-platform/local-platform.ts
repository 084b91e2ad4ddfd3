/**
 * Starts the platform (or another Worker config) under `wrangler dev` on a port of its own, with
 * throw-away local state: what the benchmarks and the browser end-to-end tests run against.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DevIdpSecrets, generateDevIdpSecrets } from "./dev-idp-keys.ts";
import { generateDevPaymentSecrets } from "./dev-payment-keys.ts";
import { startUntilReady } from "./process-tree.ts";
import { copyMigratedState } from "./state-template.ts";
import { readWranglerConfig } from "./wrangler-config.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.ts";

export interface RunningWorker {
  url: string;
  stop(): Promise<void>;
  /**
   * SIGKILL to the whole process tree (wrangler and its workerd), as a crash would end it: no
   * shutdown, nothing flushed, and the local state left as it is.
   */
  kill(): Promise<void>;
}

/** Devtools port of a `wrangler dev` on `port`: fixed, so two starting at once never race for wrangler's default. */
const inspectorPortFor = (port: number) => port + 10_000;

/**
 * Starts `wrangler dev` for a config on a port; resolves when it is ready to serve. Without
 * `persistTo` its state lives in a temporary directory that stop() removes. `onOutput` receives
 * what the Worker prints once it is ready (its console output), in whole lines. wrangler and its
 * workerd are tracked as one process tree (process-tree.ts): a start that fails or times out,
 * stop() and kill() end both.
 */
export async function startWranglerDev(
  configPath: string,
  port: number,
  extraArgs: string[] = [],
  persistTo?: string,
  onOutput?: (text: string) => void,
  options: { readyTimeoutMs?: number } = {},
): Promise<RunningWorker> {
  const ownState = persistTo === undefined;
  const stateDir = persistTo ?? mkdtempSync(path.join(tmpdir(), "wrangler-state-"));
  const removeOwnState = () => {
    if (ownState) rmSync(stateDir, { recursive: true, force: true });
  };
  const args = ["dev", "--config", configPath, "--ip", "127.0.0.1", "--port", String(port)];
  args.push("--persist-to", stateDir, "--inspector-port", String(inspectorPortFor(port)), ...extraArgs);
  const started = await startUntilReady(
    wranglerBin,
    args,
    { cwd: projectRoot, env: wranglerEnv({ CI: "true" }) },
    { ready: /Ready on http/, label: `${configPath}: wrangler dev`, timeoutMs: options.readyTimeoutMs, onOutput },
  ).catch((error: unknown) => {
    removeOwnState();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await started.tree.stop();
      removeOwnState();
    },
    kill: () => started.tree.kill(),
  };
}

/**
 * The whole platform (wrangler.toml, dev environment) on a port: migrated D1 databases, fresh
 * dev IdP keys, and every dev URL var moved from localhost:8787 to http://127.0.0.1:<port>;
 * `vars` overrides other vars (e.g. ROOM_TICKETS: "required", as in stg and prd); `onOutput`
 * receives what the Worker prints once it is ready (its log lines, the auth-log intake's among them).
 */
export async function startPlatform(
  port: number,
  options: {
    vars?: Record<string, string>;
    /** Receives what the Worker prints once it is ready (its log lines, the auth-log intake's among them). */
    onOutput?: (text: string) => void;
    /** Start again on the state and secrets of a platform that was killed (see `kill`). */
    resume?: { stateDir: string; secrets: Record<string, string> };
  } = {},
): Promise<RunningWorker & { stateDir: string; secrets: Record<string, string> }> {
  const persistTo = options.resume?.stateDir ?? mkdtempSync(path.join(tmpdir(), "platform-state-"));
  const secrets = options.resume?.secrets ?? freshDevSecrets();
  if (!options.resume) copyMigratedState(persistTo);
  const worker = await startWranglerDev(
    "wrangler.toml",
    port,
    [...devUrlVars(`http://127.0.0.1:${port}`), ...secretVars(secrets), ...secretVars(options.vars ?? {})],
    persistTo,
    options.onOutput,
  ).catch((error: unknown) => {
    if (!options.resume) rmSync(persistTo, { recursive: true, force: true });
    throw error;
  });
  return {
    url: worker.url,
    /** Where its KV, D1, R2 and Durable Objects live, for `wrangler ... --local --persist-to`. */
    stateDir: persistTo,
    /** The generated dev secrets it runs with (the payment stand-in's API key, for a Stripe client). */
    secrets,
    stop: async () => {
      await worker.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
    kill: () => worker.kill(),
  };
}

/** Fresh dev secrets: IdP keys, the seat-ticket key, payment keys (never written anywhere). */
export function freshDevSecrets(): DevIdpSecrets & Record<string, string> {
  return {
    ...generateDevIdpSecrets(devVar("IDP_PROJECT_ID") ?? "edge-platform-dev"),
    ...generateDevPaymentSecrets(),
  };
}

function secretVars(secrets: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}

/** `--var` arguments with fresh dev secrets, or the given ones (never written anywhere). */
export function devSecretVars(secrets: Record<string, string> = freshDevSecrets()): string[] {
  return secretVars(secrets);
}

const DEV_ORIGIN = "http://localhost:8787";

/** `--var` arguments moving every URL var of the dev environment to another origin. */
export function devUrlVars(origin: string): string[] {
  return Object.entries(topLevelVars())
    .filter(([, value]) => value.startsWith(DEV_ORIGIN))
    .flatMap(([name, value]) => ["--var", `${name}:${origin}${value.slice(DEV_ORIGIN.length)}`]);
}

function devVar(name: string): string | undefined {
  return topLevelVars()[name];
}

/** The string entries of wrangler.toml's top-level [vars] table (the dev environment). */
function topLevelVars(): Record<string, string> {
  return wranglerVars("vars");
}

/** The string entries of one vars table of wrangler.toml: "vars" (dev), "env.stg.vars", "env.prd.vars". */
export function wranglerVars(table: "vars" | `env.${string}.vars`): Record<string, string> {
  const config = readWranglerConfig(path.join(projectRoot, "wrangler.toml"));
  const environment = table === "vars" ? config.topLevel : config.environments[table.split(".")[1] ?? ""]?.read;
  return Object.fromEntries(
    Object.entries(environment?.vars ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
