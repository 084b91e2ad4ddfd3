import type { Context, MiddlewareHandler } from "hono";
import { baseRoutePath, routePath } from "hono/route";
import type { Logger } from "../log/logger";
import { currentLog } from "./request-log";

export interface AccessLine {
  method: string;
  /** The route pattern (`/api/publish-tokens/:id`), never the raw URL: queries carry codes and tokens. */
  route: string;
  status: number;
  started: number;
}

/** One line per HTTP request: method, route pattern, status, duration. WebSocket frames get none. */
export function logAccess(log: Logger, line: AccessLine): void {
  const fields = { method: line.method, route: line.route, status: line.status, durationMs: Date.now() - line.started };
  if (line.status >= 500) log.error("request", fields);
  else log.info("request", fields);
}

/**
 * The pattern of the route that answered, relative to the app's base path (the same in dev,
 * where apps share a port under /auth, /store..., and in stg/prd, where each has its host).
 * After next(), Hono's route index points at the handler that answered; with none, it stays "*".
 */
export function appRoute(c: Context): string {
  const route = routePath(c);
  if (route === "*" || route === "/*") return "(no route)";
  return route.slice(baseRoutePath(c).length) || "/";
}

/** Middleware of every mounted app: the access line, with the pattern of the route that answered. */
export const accessLog: MiddlewareHandler = async (c, next) => {
  const started = Date.now();
  try {
    await next();
  } finally {
    logAccess(currentLog(), {
      method: c.req.method,
      route: appRoute(c),
      status: c.res.status,
      started,
    });
  }
};
