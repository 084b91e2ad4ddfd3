import { Hono } from "hono";
import type { AuthEnv } from "../auth-env";
import { allowedRedirect } from "../redirects";
import { endSession } from "../session-cookie";

/** GET /api/logout?redirect_uri=: clears the SSO session, then redirects (allow-listed targets only). */
export const logoutRoutes = new Hono<AuthEnv>().get("/api/logout", async (c) => {
  const target = allowedRedirect(c, c.req.query("redirect_uri"));
  await endSession(c);
  c.header("cache-control", "no-store");
  return c.redirect(target.href, 302);
});
