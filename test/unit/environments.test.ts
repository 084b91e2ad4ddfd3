import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeShared, sharedResources } from "../../tools/build/environment-isolation.ts";
import { parseWranglerConfig, readWranglerConfig } from "../../tools/local-platform/wrangler-config.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";

describe("environments share only what document 3 shares", () => {
  it("gives dev, stg and prd their own KV, D1, R2 (but CODE) and Worker name in wrangler.toml", () => {
    const config = readWranglerConfig(path.join(projectRoot, "wrangler.toml"));
    expect(Object.keys(config.environments).sort()).toEqual(["prd", "stg"]);
    expect(sharedResources(config).map(describeShared)).toEqual([]);
  });

  it("names each resource two environments share, in a config that shares them", () => {
    const config = parseWranglerConfig(`name = "platform"
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
`);
    expect(sharedResources(config).map(describeShared)).toEqual([
      "dev and stg share the KV namespace one-kv",
      "stg and prd share the Worker name platform-stg",
      "stg and prd share the D1 database auth",
      "stg and prd share the R2 bucket uploads (only CODE's bucket may be shared)",
    ]);
  });
});
