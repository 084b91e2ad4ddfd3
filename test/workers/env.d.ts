import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      AUTH_MIGRATIONS: D1Migration[];
      BACKEND_MIGRATIONS: D1Migration[];
      /** Secrets generated per test run in vitest.config.ts (scripts/dev-idp-keys.ts). */
      IDP_SERVICE_ACCOUNT: string;
      IDP_DEV_SIGNING_KEY: string;
    }
  }
}
