import { createMiddleware } from "hono/factory";
import type { AuthEnv } from "./auth-env";

/**
 * The sign-in service's pages are never framed (docs/decisions/0059-sign-in-hardening.md): X-Frame-Options for browsers that
 * predate CSP frame-ancestors, which each page also sends. HSTS is the platform's, on every app
 * (src/worker-kit/transport-security.ts).
 */
export const securityHeaders = createMiddleware<AuthEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.get("content-type")?.startsWith("text/html")) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("x-frame-options", "DENY");
});
