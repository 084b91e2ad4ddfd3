import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { ApiError } from "./errors";

/**
 * Requests that change something for a browser's user through a cookie are accepted only from
 * the app's own pages: a browser sends Origin on every POST and DELETE, and another site's is
 * refused (403 `cross_origin`) before anything is read. Clients that are not browsers send no
 * Origin; what they may do is decided by the token or cookie they hold. `pages` ends the refusal:
 * "This request is accepted only from <pages>."
 */
export function sameOriginOnly<E extends AppEnv>(app: "auth" | "backend", pages: string) {
  return createMiddleware<E>(async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== c.get("config").apps[app].origin && origin !== new URL(c.req.url).origin) {
      throw new ApiError(403, "cross_origin", `This request is accepted only from ${pages}.`);
    }
    await next();
  });
}
