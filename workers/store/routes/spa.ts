import { Hono } from "hono";
import type { StoreClientConfig } from "../../../src/store/api";
import { ApiError } from "../../../src/worker-kit/errors";
import { platformIcon } from "../../../src/worker-kit/pages/page-assets";
import type { StoreContext, StoreEnv } from "../store-env";
import { storeClientConfig } from "./client-config";

/** Folder of the built page inside the ASSETS directory (tools/build/build-store.ts writes it). */
export const SPA_ASSET_DIR = "store";

/**
 * The built single-page app. Hashed files under /assets/ are cached for a year; the page's own
 * paths (/ and /result, browser/store/views/App.tsx) answer index.html, uncached, so a deploy
 * reaches visitors at once. Any other path is the platform's JSON 404 (no route).
 */
export const spaRoutes = new Hono<StoreEnv>()
  .get("/assets/:file{[A-Za-z0-9_.-]+\\.(?:js|css|svg|png|woff2)}", async (c) => {
    const asset = await fetchAsset(c.env, `/assets/${c.req.param("file")}`);
    if (!asset.ok) throw new ApiError(404, "not_found", "No such asset.");
    const response = new Response(asset.body, asset);
    response.headers.set("cache-control", "public, max-age=31536000, immutable");
    return response;
  })
  // The platform's icon (public/_platform/), which index.html links; the same file every page has.
  .get("/favicon.svg", async (c) => {
    const icon = await platformIcon(c.env.ASSETS);
    if (!icon.ok) throw new ApiError(404, "not_found", "No such asset.");
    return icon;
  })
  .get("/:page{(?:result)?}", (c) => page(c))
  // The base path without its slash (/store): relative asset URLs (./assets/...) need the slash.
  .get("/", (c) => {
    const base = c.get("config").apps.store.path;
    return base === "" ? page(c) : c.redirect(`${base}/${new URL(c.req.url).search}`, 301);
  });

async function page(c: StoreContext): Promise<Response> {
  const index = await fetchAsset(c.env, "/index.html");
  if (!index.ok) {
    throw new ApiError(503, "store_page_missing", "The store page is not built (npm run build:store).");
  }
  const response = new Response(index.body, { status: 200, headers: index.headers });
  response.headers.set("content-type", "text/html; charset=utf-8");
  response.headers.set("cache-control", "no-cache");
  response.headers.set("referrer-policy", "no-referrer");
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("content-security-policy", contentSecurityPolicy(storeClientConfig(c.get("config"))));
  return response;
}

function fetchAsset(env: Env, path: string): Promise<Response> {
  // The ASSETS binding answers /index.html with a redirect to "/"; ask for the folder instead.
  const assetPath = path === "/index.html" ? "/" : path;
  return env.ASSETS.fetch(new Request(`https://assets.local/${SPA_ASSET_DIR}${assetPath}`));
}

/**
 * Scripts and styles only from the store itself. The page calls the store's API ('self'), the
 * sign-in service (GET /api/consent/pending at start) and the identity provider (sign-in with the
 * custom token, token refresh): exactly the origins of the config it is handed. In dev they all
 * share the store's origin; in stg and prd each is a host of its own.
 */
function contentSecurityPolicy(client: StoreClientConfig): string {
  const called = [client.authUrl, client.idp.apiUrl, client.idp.tokenUrl].map((url) => new URL(url).origin);
  const connect = new Set(["'self'", ...called]);
  return [
    "default-src 'self'",
    `connect-src ${[...connect].join(" ")}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
