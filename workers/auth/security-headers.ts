import { createMiddleware } from "hono/factory";
import type { AuthEnv } from "./auth-env";

/** One year; the auth hosts are HTTPS only in stg and prd. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers every response of the sign-in service carries (issue 12): HTML pages are never framed
 * (X-Frame-Options for browsers that predate CSP frame-ancestors, which each page also sends),
 * and stg and prd answer with HSTS so a browser never sends the session cookie over plain HTTP.
 */
export const securityHeaders = createMiddleware<AuthEnv>(async (c, next) => {
  await next();
  if (c.res.headers.get("content-type")?.startsWith("text/html")) c.res.headers.set("x-frame-options", "DENY");
  if (c.get("config").environment !== "dev") c.res.headers.set("strict-transport-security", HSTS);
});
