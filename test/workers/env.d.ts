import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      AUTH_MIGRATIONS: D1Migration[];
      BACKEND_MIGRATIONS: D1Migration[];
      /** An empty D1 database of the tests only (vitest.config.ts): migrations applied one by one. */
      MIGRATION_SCRATCH_DB: D1Database;
      /** Generated per test run in vitest.config.ts (optional in wrangler.toml: dev only). */
      IDP_DEV_SIGNING_KEY: string;
    }
  }
}
