import type { Context } from "hono";
import { urlFor } from "../../base-url";
import type { AppEnv } from "../app-env";

export interface SignedInPage {
  /** The registered client the page signs in as (src/auth/clients.ts). */
  clientId: string;
  /** The page's own URL: /login sends the browser back here with `idpAuthCustomToken`. */
  pageUrl: string;
  /** Where the page's scripts and stylesheets are (the app's /assets, pageAssetRoutes). */
  assetsUrl: string;
}

/**
 * For a page that gets the user's ID token like any web client: the /login URL that sends the
 * browser straight back to the page with a custom token (at once when an SSO session exists),
 * and the headers such a page needs: no caching, a CSP that runs only the app's own page assets
 * (never another file of the same origin, such as published scenario files in local dev) and
 * connects only to its origin and the identity provider (where the page trades the custom
 * token), no framing, no referrer. The page's script is public/_platform/signed-in-page.js plus
 * its own.
 */
export function prepareSignedInPage<E extends AppEnv>(c: Context<E>, page: SignedInPage): string {
  const config = c.get("config");
  const login = new URL(urlFor(config.apps.auth, "/login"));
  login.searchParams.set("client_id", page.clientId);
  login.searchParams.set("redirect_uri", page.pageUrl);
  const assets = `${page.assetsUrl.replace(/\/+$/, "")}/`;
  c.header("cache-control", "no-store");
  c.header(
    "content-security-policy",
    [
      "default-src 'none'",
      `script-src ${assets}`,
      `style-src ${assets}`,
      `connect-src 'self' ${new URL(config.idp.apiUrl).origin}`,
      "form-action 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  c.header("referrer-policy", "no-referrer");
  c.header("x-content-type-options", "nosniff");
  return login.href;
}
