import type { Context } from "hono";
import { urlFor } from "../../base-url";
import type { SignedInPageConfig } from "../../page-configs/signed-in";
import type { AppEnv } from "../app-env";
import { pageHeaders } from "./page-headers";

export interface SignedInPage {
  /** The registered client the page signs in as (src/auth/clients.ts). */
  clientId: string;
  /** The page's own URL: /login sends the browser back here with `idpAuthCustomToken`. */
  pageUrl: string;
  /** Where the page's scripts and stylesheets are (the app's /assets, pageAssetRoutes). */
  assetsUrl: string;
  /** frame-src: what the page may show in a frame (the lobby, its game); none by default. */
  frames?: string;
  /**
   * The page posts a form to its own origin (the operator console's sign-in): form-action 'self',
   * and a same-origin referrer policy, without which a browser posts with Origin: null.
   */
  postsToSelf?: boolean;
  /** The page's language, which /login is asked to speak (`ui_locales`), so the sign-in reads like the page. */
  uiLocales?: string;
}

/**
 * For a page that gets the user's ID token like any web client: its headers, and the part of
 * its config every such page has (browser/pages/kit/signed-in.ts reads it): the identity
 * provider where the page trades its custom token, the /login URL that sends the browser
 * straight back to the page with one (at once when an SSO session exists), and the /api/logout
 * URL that ends that session so another account can sign in. The page runs only
 * the app's own page assets (never another file of the same origin, such as published scenario
 * files in local dev) and connects only to its origin and the identity provider.
 */
export function signedInPage<E extends AppEnv>(c: Context<E>, page: SignedInPage): SignedInPageConfig {
  const config = c.get("config");
  const login = new URL(urlFor(config.apps.auth, "/login"));
  login.searchParams.set("client_id", page.clientId);
  login.searchParams.set("redirect_uri", page.pageUrl);
  if (page.uiLocales) login.searchParams.set("ui_locales", page.uiLocales);
  const logout = new URL(urlFor(config.apps.auth, "/api/logout"));
  logout.searchParams.set("redirect_uri", page.pageUrl);
  const assets = `${page.assetsUrl.replace(/\/+$/, "")}/`;
  pageHeaders(c, {
    scripts: assets,
    styles: assets,
    connect: `'self' ${new URL(config.idp.apiUrl).origin}`,
    ...(page.frames ? { frames: page.frames } : {}),
    ...(page.postsToSelf ? { forms: "'self'", referrer: "same-origin" as const } : {}),
  });
  return { idpApiUrl: config.idp.apiUrl, idpApiKey: config.idp.apiKey, loginUrl: login.href, logoutUrl: logout.href };
}
