/**
 * wrangler.toml as the deploy tools read it: the top level (local dev) and one `[env.X]` table,
 * each the parts a deploy depends on. wrangler inherits no binding or var into an environment,
 * so each table is read on its own.
 */
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { z } from "zod";

const binding = z.object({ binding: z.string() });

const environmentSchema = z.object({
  name: z.string().optional(),
  main: z.string().optional(),
  routes: z
    .array(z.union([z.string(), z.object({ pattern: z.string(), custom_domain: z.boolean().optional() })]))
    .optional(),
  vars: z.record(z.string(), z.unknown()).optional(),
  secrets: z.object({ required: z.array(z.string()).optional() }).optional(),
  kv_namespaces: z.array(binding.extend({ id: z.string().optional() })).optional(),
  d1_databases: z
    .array(binding.extend({ database_name: z.string().optional(), database_id: z.string().optional() }))
    .optional(),
  r2_buckets: z.array(binding.extend({ bucket_name: z.string().optional() })).optional(),
  durable_objects: z
    .object({ bindings: z.array(z.object({ name: z.string(), class_name: z.string() })).optional() })
    .optional(),
  migrations: z.array(z.object({ tag: z.string(), new_sqlite_classes: z.array(z.string()).optional() })).optional(),
  worker_loaders: z.array(binding).optional(),
  ratelimits: z
    .array(
      z.object({
        name: z.string(),
        namespace_id: z.string(),
        simple: z.object({ limit: z.number(), period: z.number() }),
      }),
    )
    .optional(),

  triggers: z.object({ crons: z.array(z.string()).optional() }).optional(),
});

export type WranglerEnvironment = z.infer<typeof environmentSchema>;

export interface WranglerConfig {
  /** The top level: the dev build's settings. */
  readonly topLevel: WranglerEnvironment;
  /** `[env.X]` tables by name, as parsed (for a walk over every value) and as read. */
  readonly environments: Readonly<Record<string, { raw: Record<string, unknown>; read: WranglerEnvironment }>>;
}

/** Parses wrangler.toml's text; throws naming the file and the field that is malformed. */
export function parseWranglerConfig(text: string, file = "wrangler.toml"): WranglerConfig {
  const toml = parse(text) as Record<string, unknown>;
  const read = (table: unknown, where: string): WranglerEnvironment => {
    const result = environmentSchema.safeParse(table);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    throw new Error(`${file} ${where}: ${issue?.path.join(".")} ${issue?.message}`);
  };
  const envTables = (toml.env ?? {}) as Record<string, Record<string, unknown>>;
  return {
    topLevel: read(toml, "(top level)"),
    environments: Object.fromEntries(
      Object.entries(envTables).map(([name, raw]) => [name, { raw, read: read(raw, `[env.${name}]`) }]),
    ),
  };
}

export function readWranglerConfig(file: string): WranglerConfig {
  return parseWranglerConfig(readFileSync(file, "utf8"), file);
}
