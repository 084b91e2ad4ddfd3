import { createMiddleware } from "hono/factory";
import { ApiError } from "../../src/worker-kit/errors";
import type { AuthEnv } from "./auth-env";

/**
 * Requests that change something for the browser's user (its session, a grant) are accepted
 * only from the sign-in service's own pages: a browser sends Origin on every POST and DELETE,
 * and another site's is refused (403 cross_origin) before anything is read. Clients that are
 * not browsers send no Origin; what they may do is decided by the token or cookie they hold.
 */
export const sameOriginOnly = createMiddleware<AuthEnv>(async (c, next) => {
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== c.get("config").apps.auth.origin && origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, "cross_origin", "This request is accepted only from the sign-in service's own pages.");
  }
  await next();
});
