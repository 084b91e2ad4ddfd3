import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError } from "../errors";

const ASSET_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(js|css|svg)$/;

/**
 * Files every app's pages share (public/_platform/): the platform's base stylesheet, its icon, and
 * the stylesheet of the base pages (base-page.tsx).
 * Each app serves them beside its own files, so a page's Content-Security-Policy can name its own
 * assets URL only.
 */
const SHARED_FILES = new Set(["style.css", "favicon.svg", "base-page.css"]);

/** The platform's icon, for a page outside the page kit (the store's single-page app). */
export function platformIcon(assets: Fetcher): Promise<Response> {
  return assets.fetch(new Request("https://assets.local/_platform/favicon.svg"));
}

/**
 * GET /assets/*: an app's page files from public/{folder}/ (ASSETS binding), and the shared
 * files of public/_platform/ under the same URL. Only plain names (letters, digits, '-', '/')
 * ending in .js, .css or .svg are looked up; anything else is 404.
 */
export function pageAssetRoutes<E extends AppEnv>(folder: string) {
  return new Hono<E>().get("/assets/*", async (c) => {
    const file = c.req.path.slice(c.req.path.indexOf("/assets/") + "/assets/".length);
    if (!ASSET_PATH.test(file)) throw new ApiError(404, "not_found", "No such asset.");
    const from = SHARED_FILES.has(file) ? "_platform" : folder;
    const response = await c.env.ASSETS.fetch(new Request(`https://assets.local/${from}/${file}`));
    if (response.status !== 200) throw new ApiError(404, "not_found", "No such asset.");
    return response;
  });
}
