import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../../src/log/logger";
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

/** Middleware of every mounted app: the access line, with the pattern of the route that answered. */
export const accessLog: MiddlewareHandler = async (c, next) => {
  const started = Date.now();
  try {
    await next();
  } finally {
    // After next(), the route index points at the handler that answered; a 404 of no route keeps "*".
    const route = routePath(c);
    logAccess(currentLog(), {
      method: c.req.method,
      route: route === "/*" || route === "*" ? "(no route)" : route,
      status: c.res.status,
      started,
    });
  }
};
