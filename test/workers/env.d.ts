import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      AUTH_MIGRATIONS: D1Migration[];
      BACKEND_MIGRATIONS: D1Migration[];
      /** Generated per test run in vitest.config.ts (optional in wrangler.toml: dev only). */
      IDP_DEV_SIGNING_KEY: string;
    }
  }
}
