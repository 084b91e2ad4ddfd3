import { Hono } from "hono";
import type { AuthEnv } from "../auth-env";
import { allowedRedirect } from "../redirects";
import { endSession } from "../session-cookie";

/**
 * GET /api/logout?redirect_uri=: ends the SSO session, then redirects (allow-listed targets only).
 * `all=1` ends every session of the user, on every browser and device (issue 12).
 */
export const logoutRoutes = new Hono<AuthEnv>().get("/api/logout", async (c) => {
  const target = allowedRedirect(c, c.req.query("redirect_uri"));
  await endSession(c, { everywhere: c.req.query("all") === "1" });
  c.header("cache-control", "no-store");
  return c.redirect(target.href, 302);
});
