import { Hono } from "hono";
import { z } from "zod";
import { clientFor } from "../../../src/auth/clients";
import { pickLanguage } from "../../../src/auth/i18n";
import { maskedAccount } from "../../../src/auth/mask";
import { withQuery } from "../../../src/auth/redirect-uri";
import { CODE_KINDS, codeSignInTime } from "../../../src/auth/single-use";
import { urlFor } from "../../../src/base-url";
import { RATE_LIMITS } from "../../../src/config/rate-limits";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import { pageHeaders } from "../../../src/worker-kit/pages/page-headers";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import { callerKey, rateLimiter } from "../../../src/worker-kit/rate-limit";
import type { AuthContext, AuthEnv } from "../auth-env";
import type { Redemption } from "../code-store";
import { checkPageFormToken, pageFormFields, pageFormToken } from "../page-form";
import { allowedRedirect } from "../redirects";
import { signInStands } from "../revocation";
import { sameOriginOnly } from "../same-origin";
import { currentSession, startSession } from "../session-cookie";
import { freshFinishedUser } from "../user-token";
import { TransferPage } from "../views/transfer-page";

/** Ties the confirmation page to the browser that posts it (double-submit token). */
export const TRANSFER_CSRF_COOKIE = "auth_transfer_csrf";

const transferRequest = z.object({
  id_token: z.string().min(1).max(8192),
  redirect_uri: z.string().max(4096),
  /** The app handing over: its name and icon are shown on the confirmation page. */
  client_id: z.string().max(64).optional(),
});
const transferQuery = z.object({ code: z.string().min(1).max(256), ui_locales: z.string().max(256).optional() });
const decisionForm = z.object({
  code: z.string().min(1).max(256),
  csrf: z.string().min(43).max(64),
  decision: z.enum(["continue", "cancel"]),
});

const codeIssues = rateLimiter(RATE_LIMITS.transferCodes);

const REFUSALS = {
  unknown: "The transfer code is unknown or was already used.",
  used: "The transfer code was already used.",
  expired: "The transfer code has expired (transfer codes live 5 minutes).",
  refused: "The transfer code was refused.",
  revoked: "The app's sign-in was revoked since the code was issued (a password change or a sign-out everywhere).",
} as const;

/**
 * Transfer (document 1, Authentication 5): an app trades a fresh ID token for a 5-minute code and
 * opens /transfer?code= in a browser. The browser first shows whose account it is (docs/decisions/0059-sign-in-hardening.md: a
 * forwarded link must not silently sign someone into another person's account); Continue posts
 * back, and only then does the browser get the SSO session and the custom token. Codes are
 * rate-limited per user (429 `rate_limited`).
 */
export const transferRoutes = new Hono<AuthEnv>()
  .post("/api/transfer/code", async (c) => {
    const body = parseOrThrow(transferRequest, await jsonBody(c.req.raw));
    const redirectUri = allowedRedirect(c, body.redirect_uri);
    const token = await freshFinishedUser(c, body.id_token, "start a browser session");
    await codeIssues(c.env, callerKey(token.uid, c.req.raw));
    const { codes } = c.get("auth");
    const code = await codes.issue("transfer_code", {
      uid: token.uid,
      redirectUri: redirectUri.href,
      clientId: body.client_id ?? "",
      account: maskedAccount(token.claims, token.uid),
      authTime: token.authTime,
    });
    c.header("cache-control", "no-store");
    return c.json({ code, expires_in: CODE_KINDS.transfer_code.lifetimeMs / 1000 });
  })
  .get("/transfer", async (c) => {
    const query = parseOrThrow(transferQuery, c.req.query(), "invalid_code");
    const { codes } = c.get("auth");
    const { record } = refusedUnlessLive(await codes.peek("transfer_code", query.code));
    const target = allowedRedirect(c, record.redirectUri);
    const session = await currentSession(c);
    const csrf = pageFormToken(c, TRANSFER_CSRF_COOKIE);
    const config = c.get("config");
    transferPageHeaders(c, target);
    return c.html(
      pageHtml(
        <TransferPage
          language={pickLanguage({ uiLocales: query.ui_locales, acceptLanguage: c.req.header("accept-language") })}
          client={clientFor(record.clientId)}
          account={record.account ?? `ID …${record.uid.slice(-4)}`}
          replacesSession={session !== null && session.uid !== record.uid}
          action={urlFor(config.apps.auth, "/transfer")}
          code={query.code}
          csrf={csrf}
          assetsUrl={urlFor(config.apps.auth, "/assets")}
        />,
      ),
    );
  })
  .post("/transfer", sameOriginOnly, async (c) => {
    const form = parseOrThrow(decisionForm, await pageFormFields(c, "The confirmation"), "invalid_request");
    checkPageFormToken(
      c,
      TRANSFER_CSRF_COOKIE,
      form.csrf,
      "This confirmation was not shown in this browser. Open the link again.",
    );
    const { codes, idp } = c.get("auth");
    const { record } = refusedUnlessLive(await codes.redeem("transfer_code", form.code));
    // The allow-list may have changed since the code was issued: check again.
    const target = allowedRedirect(c, record.redirectUri);
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    // Cancel spends the code (a forwarded link dies with it) and leaves the browser's session as it was.
    if (form.decision === "cancel") return c.redirect(target.href, 302);
    if (!(await signInStands(idp, record.uid, codeSignInTime(record)))) {
      throw new ApiError(400, "invalid_code", REFUSALS.revoked);
    }
    await startSession(c, record.uid, codeSignInTime(record));
    const customToken = await idp.createCustomToken(record.uid);
    return c.redirect(withQuery(target, { idpAuthCustomToken: customToken }), 302);
  });

function refusedUnlessLive(redemption: Redemption) {
  if (!redemption.ok) throw new ApiError(400, "invalid_code", REFUSALS[redemption.reason]);
  if (!redemption.record.redirectUri) throw new ApiError(400, "invalid_code", REFUSALS.refused);
  return { record: { ...redemption.record, redirectUri: redemption.record.redirectUri } };
}

/** The page posts to itself and is then redirected to the target, which form-action must allow. */
function transferPageHeaders(c: AuthContext, target: URL): void {
  const targetSource = target.protocol === "http:" || target.protocol === "https:" ? target.origin : target.protocol;
  // The code never leaves in a Referer to another site; the page's own post carries its Origin.
  pageHeaders(c, { styles: "'self'", images: "'self'", forms: `'self' ${targetSource}`, referrer: "same-origin" });
}
