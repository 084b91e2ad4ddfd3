/**
 * A hosted environment's build (stg or prd: platform/production.ts, minified, its own vars and
 * migrations) under `wrangler dev --env <env>` on loopback, served as production serves it: over
 * HTTPS, every public host of the environment from this one process (the Worker sees
 * `https://<Host header>/...`, so `auth.example.com`, `store.example.com`, ... each reach their
 * app), on migrated D1 state of its own. What the production rehearsal runs
 * (test/e2e/production-rehearsal.test.ts); TOOLCHAIN.md has the flags.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateDevIdpSecrets } from "./dev-idp-keys.ts";
import { generateDevPaymentSecrets } from "./dev-payment-keys.ts";
import { type RunningWorker, startWranglerDev, wranglerVars } from "./local-platform.ts";
import { copyMigratedState } from "./state-template.ts";

export type HostedEnvironment = "stg" | "prd";

/** The secrets `[env.stg.secrets]` / `[env.prd.secrets]` require, made fresh for a local run. */
export type HostedSecrets = Record<
  "IDP_SERVICE_ACCOUNT" | "ROOM_TICKET_SECRET" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET",
  string
>;

export interface HostedPlatform extends RunningWorker {
  environment: HostedEnvironment;
  /** The loopback port every host of the environment is served on (HTTPS). */
  port: number;
  /** The environment's public base URLs, as wrangler.toml sets them (https://auth.example.com, ...). */
  urls: { auth: string; store: string; api: string; rooms: string };
  /** Where its KV, D1, R2 and Durable Objects live. */
  stateDir: string;
  secrets: HostedSecrets;
}

export function freshHostedSecrets(projectId: string): HostedSecrets {
  const idp = generateDevIdpSecrets(projectId);
  return {
    IDP_SERVICE_ACCOUNT: idp.IDP_SERVICE_ACCOUNT,
    ROOM_TICKET_SECRET: randomBytes(32).toString("base64url"),
    ...generateDevPaymentSecrets(),
  };
}

/** The environment's own vars of wrangler.toml (`[env.<environment>.vars]`). */
export function hostedVars(environment: HostedEnvironment): Record<string, string> {
  return wranglerVars(`env.${environment}.vars`);
}

/**
 * Starts the environment's build. `vars` replaces vars of wrangler.toml (what an operator sets per
 * account: the provider's keys and endpoints); `persistTo` shares state with another local
 * platform (two environments on one CODE bucket), else a fresh, migrated folder that stop() removes.
 */
export async function startHostedPlatform(
  environment: HostedEnvironment,
  port: number,
  options: {
    vars?: Record<string, string>;
    secrets?: HostedSecrets;
    persistTo?: string;
    onOutput?: (text: string) => void;
  } = {},
): Promise<HostedPlatform> {
  const envVars = hostedVars(environment);
  const secrets = options.secrets ?? freshHostedSecrets(envVars.IDP_PROJECT_ID ?? "example-game");
  const ownState = options.persistTo === undefined;
  const stateDir = options.persistTo ?? mkdtempSync(path.join(tmpdir(), `platform-${environment}-state-`));
  copyMigratedState(stateDir, environment);
  const args = [
    "--env",
    environment,
    "--local-protocol",
    "https",
    "--upstream-protocol",
    "https",
    // Without it wrangler rewrites every request to the environment's first route.
    "--infer-origin-from-routes=false",
    ...Object.entries({ ...secrets, ...options.vars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
  const worker = await startWranglerDev("wrangler.toml", port, args, stateDir, options.onOutput).catch(
    (error: unknown) => {
      if (ownState) rmSync(stateDir, { recursive: true, force: true });
      throw error;
    },
  );
  const url = (name: string) => {
    const value = envVars[name];
    if (!value) throw new Error(`wrangler.toml [env.${environment}.vars] has no ${name}`);
    return value;
  };
  return {
    environment,
    port,
    url: `https://127.0.0.1:${port}`,
    urls: { auth: url("AUTH_URL"), store: url("STORE_URL"), api: url("API_URL"), rooms: url("ROOMS_URL") },
    stateDir,
    secrets,
    stop: async () => {
      await worker.stop();
      if (ownState) rmSync(stateDir, { recursive: true, force: true });
    },
    kill: () => worker.kill(),
  };
}
