/** deploy:check's findings on an environment's bindings, against the top level and the other environments. */

import type { WranglerConfig, WranglerEnvironment } from "../local-platform/wrangler-config.ts";
import { type DeployEnvironment, type Finding, PLACEHOLDER, readmeStep } from "./deploy-check-finding.ts";
import { describeShared, type SharedResource, sharedResources } from "./environment-isolation.ts";

/**
 * wrangler inherits no binding into an environment: each of the top level's must be repeated,
 * except Durable Objects of classes the environment's migrations do not create (the dev
 * build's alone, such as the payment stand-in's WebhookOutbox). The top level's crons must run in
 * the environment too.
 */
export function bindingFindings(
  environment: DeployEnvironment,
  top: WranglerEnvironment,
  env: WranglerEnvironment,
): Finding[] {
  const classes = new Set((env.migrations ?? []).flatMap((m) => m.new_sqlite_classes ?? []));
  const kinds: [string, string[], string[]][] = [
    ["kv_namespaces", names(top.kv_namespaces), names(env.kv_namespaces)],
    ["d1_databases", names(top.d1_databases), names(env.d1_databases)],
    ["r2_buckets", names(top.r2_buckets), names(env.r2_buckets)],
    ["worker_loaders", names(top.worker_loaders), names(env.worker_loaders)],
    ["ratelimits", (top.ratelimits ?? []).map((r) => r.name), (env.ratelimits ?? []).map((r) => r.name)],
    [
      "durable_objects.bindings",
      (top.durable_objects?.bindings ?? []).filter((b) => classes.has(b.class_name)).map((b) => b.name),
      (env.durable_objects?.bindings ?? []).map((b) => b.name),
    ],
  ];
  const findings: Finding[] = kinds.flatMap(([kind, wanted, present]) =>
    wanted
      .filter((name) => !present.includes(name))
      .map((name) => ({
        level: "error" as const,
        where: `[[env.${environment}.${kind}]]`,
        problem: `has no ${name}, which the top level binds`,
        fix: "repeat the binding in this environment (wrangler does not inherit bindings)",
      })),
  );
  // Unlike bindings, wrangler inherits `triggers`: an environment without the table runs the top level's crons.
  const crons = (env.triggers ?? top.triggers)?.crons ?? [];
  for (const cron of top.triggers?.crons ?? []) {
    if (crons.includes(cron)) continue;
    findings.push({
      level: "error",
      where: `[env.${environment}.triggers] crons`,
      problem: `has no "${cron}", which the top level runs (the upload cleanup, docs/publishing.md)`,
      fix: `add "${cron}" to the environment's crons`,
    });
  }
  for (const binding of env.durable_objects?.bindings ?? []) {
    if (classes.has(binding.class_name)) continue;
    findings.push({
      level: "error",
      where: `[[env.${environment}.durable_objects.bindings]] ${binding.name}`,
      problem: `binds class ${binding.class_name}, which no [[env.${environment}.migrations]] creates`,
      fix: "add a migration for the class, or remove the binding if the class is dev-only",
    });
  }
  return findings;
}

const names = (bindings: readonly { binding: string }[] | undefined) => (bindings ?? []).map((b) => b.binding);

/**
 * A resource another environment also uses: stg and prd must never share sessions, data or
 * Durable Objects (README "Deploy"). The CODE bucket is shared on purpose (document 3).
 */
export function sharedStoreFindings(environment: DeployEnvironment, config: WranglerConfig): Finding[] {
  return sharedResources(config)
    .filter((shared) => shared.environments.includes(environment) && !shared.value.includes(PLACEHOLDER))
    .map((shared) => {
      const mine = shared.environments[0] === environment ? 0 : 1;
      const other = shared.environments[1 - mine] as string;
      const otherTable = other === "dev" ? "the top level" : `[env.${other}]`;
      const binding = shared.bindings[mine] as string;
      return {
        level: "error",
        where: binding ? `[[env.${environment}.${TABLES[shared.kind]}]] ${binding}` : `[env.${environment}] name`,
        problem: `is also ${otherTable}'s ${shared.bindings[1 - mine] || "name"} (${describeShared(shared)}): the environments would share it`,
        fix: `give ${environment} one of its own (${readmeStep(1)})`,
      };
    });
}

const TABLES: Record<SharedResource["kind"], string> = {
  "Worker name": "name",
  "KV namespace": "kv_namespaces",
  "D1 database": "d1_databases",
  "R2 bucket": "r2_buckets",
  "rate-limit namespace": "ratelimits",
};
