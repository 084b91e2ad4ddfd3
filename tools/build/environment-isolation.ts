/**
 * What two environments of wrangler.toml must never share (README "Deploy"): document 3 keeps the
 * logic files in one object store shared across environments, so the bucket bound as CODE may be
 * common; every other resource (KV namespaces, D1 databases, other R2 buckets, rate-limit
 * namespaces, and the Worker name, which scopes the Durable Object namespaces) is each
 * environment's own. wrangler inherits
 * no binding into an environment, so each table is read as written.
 */
import type { WranglerConfig, WranglerEnvironment } from "../local-platform/wrangler-config.ts";

export const SHARED_BUCKET_BINDING = "CODE";

/** A resource two environments share that they must not. */
export interface SharedResource {
  /** "dev" for the top level, else the `[env.X]` name. */
  environments: [string, string];
  kind: "Worker name" | "KV namespace" | "D1 database" | "R2 bucket" | "rate-limit namespace";
  value: string;
  /** The binding naming it in each environment ("" for the Worker name). */
  bindings: [string, string];
}

interface Resource {
  kind: SharedResource["kind"];
  binding: string;
  /** Every value that identifies it: two resources are one when any value is the same. */
  values: string[];
}

function resourcesOf(env: WranglerEnvironment): Resource[] {
  return [
    { kind: "Worker name" as const, binding: "", values: [env.name ?? ""] },
    ...(env.kv_namespaces ?? []).map((kv) => ({
      kind: "KV namespace" as const,
      binding: kv.binding,
      values: [kv.id ?? ""],
    })),
    ...(env.d1_databases ?? []).map((db) => ({
      kind: "D1 database" as const,
      binding: db.binding,
      values: [db.database_name ?? "", db.database_id ?? ""],
    })),
    ...(env.r2_buckets ?? []).map((bucket) => ({
      kind: "R2 bucket" as const,
      binding: bucket.binding,
      values: [bucket.bucket_name ?? ""],
    })),
    ...(env.ratelimits ?? []).map((limiter) => ({
      kind: "rate-limit namespace" as const,
      binding: limiter.name,
      values: [limiter.namespace_id],
    })),
  ].map((resource) => ({ ...resource, values: resource.values.filter(Boolean) }));
}

/** Every resource that two of the config's environments (the top level among them) share, but CODE's bucket. */
export function sharedResources(config: WranglerConfig): SharedResource[] {
  const environments: [string, WranglerEnvironment][] = [
    ["dev", config.topLevel],
    ...Object.entries(config.environments).map(([name, table]): [string, WranglerEnvironment] => [name, table.read]),
  ];
  const shared: SharedResource[] = [];
  environments.forEach(([nameA, envA], i) => {
    for (const [nameB, envB] of environments.slice(i + 1)) {
      for (const a of resourcesOf(envA)) {
        for (const b of resourcesOf(envB)) {
          const value = a.kind === b.kind ? a.values.find((v) => b.values.includes(v)) : undefined;
          if (value === undefined) continue;
          if (a.kind === "R2 bucket" && a.binding === SHARED_BUCKET_BINDING && b.binding === SHARED_BUCKET_BINDING) {
            continue;
          }
          shared.push({ environments: [nameA, nameB], kind: a.kind, value, bindings: [a.binding, b.binding] });
        }
      }
    }
  });
  return shared;
}

export function describeShared(shared: SharedResource): string {
  const [a, b] = shared.environments;
  const only = shared.kind === "R2 bucket" ? ` (only ${SHARED_BUCKET_BINDING}'s bucket may be shared)` : "";
  return `${a} and ${b} share the ${shared.kind} ${shared.value}${only}`;
}
