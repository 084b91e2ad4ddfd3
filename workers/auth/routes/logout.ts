import { Hono } from "hono";
import type { AuthContext, AuthEnv } from "../auth-env";
import { allowedRedirect } from "../redirects";
import { sameOriginOnly } from "../same-origin";
import { endSession } from "../session-cookie";

/** A field of a POST: the form body's, else the query's (a form's action may carry it too). */
async function postField(c: AuthContext, name: string): Promise<string | undefined> {
  if ((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    const value = (await c.req.parseBody())[name];
    if (typeof value === "string") return value;
  }
  return c.req.query(name);
}

/**
 * GET /api/logout?redirect_uri= (document 1): ends this browser's SSO session, then redirects
 * (allow-listed targets only). Any site can make a browser send this GET with its cookie, so it
 * ends nothing more than this browser's session: an `all=1` here is ignored (docs/decisions/0076-sign-out-everywhere-is-a-same-origin-post.md).
 *
 * POST /api/logout with redirect_uri and all=1 (form fields or query; same origin only, 403
 * `cross_origin` from another site's page): signing out everywhere ends every session of the
 * user, on every browser and device (docs/decisions/0059-sign-in-hardening.md), then 303 to redirect_uri. Without all=1 it is the
 * plain logout.
 */
export const logoutRoutes = new Hono<AuthEnv>()
  .get("/api/logout", async (c) => {
    const target = allowedRedirect(c, c.req.query("redirect_uri"));
    await endSession(c);
    c.header("cache-control", "no-store");
    return c.redirect(target.href, 302);
  })
  .post("/api/logout", sameOriginOnly, async (c) => {
    const target = allowedRedirect(c, await postField(c, "redirect_uri"));
    await endSession(c, { everywhere: (await postField(c, "all")) === "1" });
    c.header("cache-control", "no-store");
    return c.redirect(target.href, 303);
  });
