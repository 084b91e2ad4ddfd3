import { Hono } from "hono";
import { ApiError } from "../../shared/errors";
import type { AuthEnv } from "../auth-env";

const ASSET_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(js|css|svg)$/;

/** GET /assets/*: the login page's static files, from public/auth/ (ASSETS binding). */
export const assetRoutes = new Hono<AuthEnv>().get("/assets/*", async (c) => {
  const file = c.req.path.slice(c.req.path.indexOf("/assets/") + "/assets/".length);
  if (!ASSET_PATH.test(file)) throw new ApiError(404, "not_found", "No such asset.");
  const response = await c.env.ASSETS.fetch(new Request(`https://assets.local/auth/${file}`));
  if (response.status !== 200) throw new ApiError(404, "not_found", "No such asset.");
  return response;
});
