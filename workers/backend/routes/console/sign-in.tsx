import { Hono } from "hono";
import { urlFor } from "../../../../src/base-url";
import { revocationOf } from "../../../../src/idp/revocation";
import { ApiError } from "../../../../src/worker-kit/errors";
import { bodyLimited } from "../../../../src/worker-kit/input";
import { pageHtml } from "../../../../src/worker-kit/pages/page-shell";
import { signedInPage } from "../../../../src/worker-kit/pages/signed-in-page";
import { signedInUser } from "../../../../src/worker-kit/verify-id-token";
import type { ConsoleDeps, ConsoleEnv } from "../../console/console-env";
import { consoleCookie, expiredConsoleCookie } from "../../console/console-sessions";
import {
  accountAtProvider,
  adminRequired,
  consoleReturnPath,
  consoleSameOrigin,
  formFields,
  isOperatorAccount,
} from "../../console/operator-access";
import { ConsoleSignInPage } from "../../views/console/sign-in-page";
import { adminUrl, anotherAccountUrl, consoleChains } from "./console-kit";

/** The client the console signs in as: the platform's operators use the admin client, as the ordering page does. */
const CONSOLE_CLIENT_ID = "admin";
/** An ID token buys a console sign-in only while this fresh: the page trades its custom token just before. */
const FRESH_ID_TOKEN_SECONDS = 5 * 60;

/**
 * Signing in to the console and out of it.
 * - GET /admin/sign-in?next=: the page kit's signed-in page (as the ordering page: /login with
 *   client_id admin, then the custom token traded at the provider in the page), which posts the
 *   ID token to POST /admin/session.
 * - POST /admin/session: a fresh ID token of an operator (admin claim in the token and at the
 *   provider, not revoked) buys the console's cookie and goes on to `next`; a publish-token ID
 *   token or a non-operator gets the 403 page. Same origin only.
 * - POST /admin/sign-out: ends the console's sign-in, then the SSO session (the sign-in service's
 *   logout), which comes back to the console's start.
 */
export function consoleSignInRoutes(deps: ConsoleDeps) {
  const { services, action } = consoleChains(deps);
  return new Hono<ConsoleEnv>()
    .get("/admin", (c) => c.redirect(adminUrl(c, "/"), 301))
    .get("/admin/sign-in", (c) => {
      const backend = c.get("config").apps.backend;
      const assetsUrl = urlFor(backend, "/assets");
      const next = consoleReturnPath(c, c.req.query("next"));
      const pageUrl = new URL(adminUrl(c, "/sign-in"));
      pageUrl.searchParams.set("next", next);
      const pageConfig = signedInPage(c, {
        clientId: CONSOLE_CLIENT_ID,
        pageUrl: pageUrl.href,
        assetsUrl,
        postsToSelf: true,
      });
      return c.html(
        pageHtml(
          <ConsoleSignInPage
            assetsUrl={assetsUrl}
            pageConfig={pageConfig}
            sessionUrl={adminUrl(c, "/session")}
            next={next}
          />,
        ),
      );
    })
    .post("/admin/session", bodyLimited(16 * 1024, "The sign-in form"), services, consoleSameOrigin, async (c) => {
      const form = await formFields(c.req.raw);
      const idToken = form.id_token ?? "";
      if (idToken === "") throw new ApiError(400, "missing_id_token", "The sign-in form carries no ID token.");
      const { idp, now, sessions } = c.get("console");
      const token = await signedInUser(idp, idToken, "open the operator console");
      if (now() / 1000 - token.issuedAt > FRESH_ID_TOKEN_SECONDS) {
        throw new ApiError(401, "stale_id_token", "The sign-in took too long: open the console again.");
      }
      const account = await accountAtProvider(idp, token.uid);
      if (revocationOf(token.authTime, account) !== null) {
        throw new ApiError(401, "id_token_revoked", "This sign-in was revoked since: open the console again.");
      }
      if (!token.admin || !isOperatorAccount(account)) throw adminRequired();
      const cookie = await sessions.create({ uid: token.uid, email: token.email, authTime: token.authTime });
      c.header("set-cookie", consoleCookie(c.get("config").apps.backend, cookie));
      c.header("cache-control", "no-store");
      return c.redirect(consoleReturnPath(c, form.next), 303);
    })
    .post("/admin/sign-out", ...action, async (c) => {
      await c.get("console").sessions.end(c.get("operator").sessionId);
      c.header("set-cookie", expiredConsoleCookie(c.get("config").apps.backend));
      return c.redirect(anotherAccountUrl(c), 303);
    });
}
