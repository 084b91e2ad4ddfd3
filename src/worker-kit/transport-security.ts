import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";

/** One year; every host of stg and prd is HTTPS only. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Strict-Transport-Security on every answer of every app outside dev, so a browser never sends a
 * cookie or a token over plain HTTP. The answer is copied first: one from the static-assets
 * binding (or a fetch) has immutable headers. A WebSocket upgrade (101) is left as it is: a copy
 * would lose its socket.
 */
export const transportSecurity = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.get("config").environment === "dev" || c.res.status === 101) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("strict-transport-security", HSTS);
});
