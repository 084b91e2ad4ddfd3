/** deploy:check's findings on an environment's bindings, against the top level and the other environments. */
import { type DeployEnvironment, type Finding, PLACEHOLDER, readmeStep } from "./deploy-check-finding.ts";
import type { WranglerConfig, WranglerEnvironment } from "./wrangler-config.ts";

/**
 * wrangler inherits no binding into an environment: each of the top level's must be repeated,
 * except Durable Objects of classes the environment's migrations do not create (the dev
 * build's alone, such as the payment stand-in's WebhookOutbox).
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
 * A KV namespace or D1 database another environment also uses: stg and prd must never share
 * sessions or data (README "Deploy"). The R2 bucket is shared on purpose (document 3).
 */
export function sharedStoreFindings(environment: DeployEnvironment, config: WranglerConfig): Finding[] {
  const idsOf = (env: WranglerEnvironment) => [
    ...(env.kv_namespaces ?? []).map((kv) => ({ kind: "kv_namespaces", binding: kv.binding, id: kv.id })),
    ...(env.d1_databases ?? []).map((db) => ({ kind: "d1_databases", binding: db.binding, id: db.database_id })),
  ];
  const own = config.environments[environment]?.read;
  if (!own) return [];
  const findings: Finding[] = [];
  for (const [other, table] of Object.entries(config.environments)) {
    if (other === environment) continue;
    for (const mine of idsOf(own)) {
      if (!mine.id || mine.id.includes(PLACEHOLDER)) continue;
      const theirs = idsOf(table.read).find((item) => item.kind === mine.kind && item.id === mine.id);
      if (!theirs) continue;
      findings.push({
        level: "error",
        where: `[[env.${environment}.${mine.kind}]] ${mine.binding}`,
        problem: `has the id of [env.${other}]'s ${theirs.binding} (${mine.id}): the environments would share it`,
        fix: `create one for ${environment} (${readmeStep(1)})`,
      });
    }
  }
  return findings;
}
