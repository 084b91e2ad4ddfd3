import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { identityProviderFor } from "../../../src/worker-kit/providers";

/**
 * GET /bench/custom-token: signs one custom token through the platform's identity provider
 * adapter (cached service-account key), for bench/idp.bench.ts. Dev only, like all of dev-idp;
 * it only does what the sign-in service does on every sign-in.
 */
export const benchRoutes = new Hono<AppEnv>().get("/bench/custom-token", async (c) => {
  const token = await identityProviderFor(c.env, c.get("config")).createCustomToken("bench-user", { premium: true });
  return c.json({ length: token.length });
});
