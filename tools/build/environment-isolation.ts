/**
 * What two environments of wrangler.toml must never share (README "Deploy"): document 3 keeps the
 * logic files in one object store shared across environments, so the bucket bound as CODE may be
 * common; every other resource (KV namespaces, D1 databases, other R2 buckets, and the Worker
 * name, which scopes the Durable Object namespaces) is each environment's own. Read through
 * wrangler's own config reader, so inheritance between environments counts as wrangler deploys it.
 */
import { unstable_readConfig } from "wrangler";

export const SHARED_BUCKET_BINDING = "CODE";

/** The resources of one environment, as wrangler resolves them. */
export interface EnvironmentResources {
  environment: string;
  workerName: string;
  kvIds: string[];
  d1: { name: string; id: string }[];
  r2: { binding: string; bucket: string }[];
}

export function resourcesOf(configPath: string, environment: string | undefined): EnvironmentResources {
  const config = unstable_readConfig({ config: configPath, env: environment });
  return {
    environment: environment ?? "dev",
    workerName: config.name ?? "",
    kvIds: config.kv_namespaces.map((namespace: { id?: string }) => namespace.id ?? ""),
    d1: config.d1_databases.map((database: { database_name?: string; database_id?: string }) => ({
      name: database.database_name ?? "",
      id: database.database_id ?? "",
    })),
    r2: config.r2_buckets.map((bucket: { binding: string; bucket_name?: string }) => ({
      binding: bucket.binding,
      bucket: bucket.bucket_name ?? "",
    })),
  };
}

/** One line per resource two environments share that they must not. */
export function sharedResources(environments: readonly EnvironmentResources[]): string[] {
  const problems: string[] = [];
  environments.forEach((a, i) => {
    for (const b of environments.slice(i + 1)) {
      const pair = `${a.environment} and ${b.environment}`;
      if (a.workerName === b.workerName) problems.push(`${pair} have one Worker name (${a.workerName})`);
      for (const id of a.kvIds.filter((kvId) => b.kvIds.includes(kvId))) {
        problems.push(`${pair} share the KV namespace ${id}`);
      }
      for (const database of a.d1) {
        const same = b.d1.find((other) => other.name === database.name || other.id === database.id);
        if (same) problems.push(`${pair} share the D1 database ${database.name} (${database.id})`);
      }
      for (const bucket of a.r2) {
        const same = b.r2.find((other) => other.bucket === bucket.bucket);
        if (!same) continue;
        if (bucket.binding !== SHARED_BUCKET_BINDING || same.binding !== SHARED_BUCKET_BINDING) {
          problems.push(`${pair} share the R2 bucket ${bucket.bucket} (only ${SHARED_BUCKET_BINDING}'s may be shared)`);
        }
      }
    }
  });
  return problems;
}
