import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resourcesOf, sharedResources } from "../../tools/build/environment-isolation.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";

const ENVIRONMENTS = [undefined, "stg", "prd"];

describe("environments share only what document 3 shares", () => {
  it("gives dev, stg and prd their own KV, D1, R2 (but CODE) and Worker name in wrangler.toml", () => {
    const resources = ENVIRONMENTS.map((environment) =>
      resourcesOf(path.join(projectRoot, "wrangler.toml"), environment),
    );
    expect(resources.map((r) => r.kvIds.length * r.d1.length * r.r2.length)).not.toContain(0);
    expect(sharedResources(resources)).toEqual([]);
  });

  it("names each resource two environments share, in a config that shares them", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "environments-"));
    const config = path.join(dir, "wrangler.toml");
    writeFileSync(
      config,
      `name = "platform"
main = "index.ts"
compatibility_date = "2026-11-01"
[[kv_namespaces]]
binding = "SESSIONS"
id = "one-kv"
[[r2_buckets]]
binding = "CODE"
bucket_name = "code"
[env.stg]
name = "platform-stg"
[[env.stg.kv_namespaces]]
binding = "SESSIONS"
id = "one-kv"
[[env.stg.d1_databases]]
binding = "AUTH_DB"
database_name = "auth"
database_id = "auth-id"
[[env.stg.r2_buckets]]
binding = "CODE"
bucket_name = "code"
[[env.stg.r2_buckets]]
binding = "UPLOADS"
bucket_name = "uploads"
[env.prd]
name = "platform-stg"
[[env.prd.d1_databases]]
binding = "AUTH_DB"
database_name = "auth"
database_id = "auth-id-prd"
[[env.prd.r2_buckets]]
binding = "ARCHIVE"
bucket_name = "uploads"
`,
    );
    try {
      expect(sharedResources(ENVIRONMENTS.map((environment) => resourcesOf(config, environment)))).toEqual([
        "dev and stg share the KV namespace one-kv",
        "stg and prd have one Worker name (platform-stg)",
        "stg and prd share the D1 database auth (auth-id)",
        "stg and prd share the R2 bucket uploads (only CODE's may be shared)",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
