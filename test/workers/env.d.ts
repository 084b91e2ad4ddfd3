import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      AUTH_MIGRATIONS: D1Migration[];
      BACKEND_MIGRATIONS: D1Migration[];
    }
  }
}
