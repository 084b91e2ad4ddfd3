import { Hono } from "hono";
import { formatBaseUrl, urlFor } from "../../../src/base-url";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import { signedInPage } from "../../../src/worker-kit/pages/signed-in-page";
import type { AuthEnv } from "../auth-env";
import { PublishTokensPage } from "../views/publish-tokens-page";

/** The client the page signs in as: scenario authors use the studio. */
const PAGE_CLIENT_ID = "studio";

/**
 * GET /publish-tokens: the token page. It needs the user's ID token and gets one like any web
 * client: it sends the browser to /login (straight back with a custom token when an SSO session
 * exists), then trades idpAuthCustomToken at the identity provider. The ID token lives only in
 * the page's memory.
 */
export const publishTokensPageRoutes = new Hono<AuthEnv>().get("/publish-tokens", (c) => {
  const config = c.get("config");
  const auth = config.apps.auth;
  const assetsUrl = urlFor(auth, "/assets");
  const signedIn = signedInPage(c, { clientId: PAGE_CLIENT_ID, pageUrl: urlFor(auth, "/publish-tokens"), assetsUrl });
  const pageConfig = { ...signedIn, apiUrl: urlFor(auth, "/api/publish-tokens"), platformUrl: auth.origin };
  const ci = { authUrl: formatBaseUrl(auth), apiUrl: formatBaseUrl(config.apps.backend) };
  return c.html(pageHtml(<PublishTokensPage assetsUrl={assetsUrl} pageConfig={pageConfig} ci={ci} />));
});
