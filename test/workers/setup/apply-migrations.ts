import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Both D1 databases get the same migrations wrangler applies in dev and on deploy.
await applyD1Migrations(env.AUTH_DB, env.AUTH_MIGRATIONS);
await applyD1Migrations(env.BACKEND_DB, env.BACKEND_MIGRATIONS);
