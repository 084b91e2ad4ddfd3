import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import { prepareSignedInPage } from "../../../src/worker-kit/pages/signed-in-page";
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
  const assetsUrl = urlFor(config.apps.auth, "/assets");
  const loginUrl = prepareSignedInPage(c, {
    clientId: PAGE_CLIENT_ID,
    pageUrl: urlFor(config.apps.auth, "/publish-tokens"),
    assetsUrl,
  });
  return c.html(
    "<!doctype html>" +
      (
        <PublishTokensPage
          assetsUrl={assetsUrl}
          browserConfig={{
            idpApiUrl: config.idp.apiUrl,
            idpApiKey: config.idp.apiKey,
            apiUrl: urlFor(config.apps.auth, "/api/publish-tokens"),
            loginUrl,
          }}
        />
      ).toString(),
  );
});
