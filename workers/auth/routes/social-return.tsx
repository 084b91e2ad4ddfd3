import { Hono } from "hono";
import { pickLanguage } from "../../../src/auth/i18n";
import { SOCIAL_CALLBACK_PATH } from "../../../src/auth/social-callback";
import { urlFor } from "../../../src/base-url";
import { pageHeaders } from "../../../src/worker-kit/pages/page-headers";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import type { AuthEnv } from "../auth-env";
import { SocialReturnPage } from "../views/social-return-page";

/**
 * GET /login/callback: the one address the social providers send the browser back to (registered
 * with each provider; src/auth/social-callback.ts). The query is the provider's answer and nothing
 * of the login: its script reads the login page's context from this tab and goes back to it.
 * Nothing is stored, and the provider's code never leaves this page but to the login page's script.
 */
export const socialReturnRoutes = new Hono<AuthEnv>().get(SOCIAL_CALLBACK_PATH, (c) => {
  const auth = c.get("config").apps.auth;
  pageHeaders(c, { scripts: "'self'", styles: "'self'" });
  return c.html(
    pageHtml(
      <SocialReturnPage
        language={pickLanguage({ acceptLanguage: c.req.header("accept-language") })}
        assetsUrl={urlFor(auth, "/assets")}
        pageConfig={{ loginUrl: urlFor(auth, "/login") }}
      />,
    ),
  );
});
