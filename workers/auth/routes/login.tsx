import { Hono } from "hono";
import { clientFor } from "../../../src/auth/clients";
import { readCookie, serializeCookie } from "../../../src/auth/cookies";
import { randomToken } from "../../../src/auth/crypto";
import type { PendingDocument } from "../../../src/auth/document-catalog";
import { LANGUAGES, type Language, pickLanguage, STRINGS } from "../../../src/auth/i18n";
import { LINK_STRINGS } from "../../../src/auth/link-strings";
import { recaptchaPageFor } from "../../../src/auth/recaptcha";
import { sessionSignInTime } from "../../../src/auth/session";
import { socialCallbackUrl } from "../../../src/auth/social-callback";
import { urlFor } from "../../../src/base-url";
import { pageHeaders } from "../../../src/worker-kit/pages/page-headers";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import type { AuthEnv } from "../auth-env";
import { LOGIN_NONCE_COOKIE } from "../login-binding";
import { loginRequestFields, parseLoginQuery } from "../login-query";
import { pendingForClient } from "../reconsent";
import { currentSession } from "../session-cookie";
import { signedInRedirect } from "../sign-in-result";
import { LoginPage } from "../views/login-page";

/**
 * GET /login: with a live SSO session the browser goes straight back to redirect_uri; otherwise
 * the login page, which asks for a state (POST /api/login/state) once the person signs in and
 * posts it with the result to /api/callback.
 */
export const loginRoutes = new Hono<AuthEnv>().get("/login", async (c) => {
  const { query, redirectUri, codeChallenge, prompt } = parseLoginQuery(c, c.req.query());

  // An SSO visit lands in the app at once, unless a document the client requires was revised
  // since the user accepted it: then this page asks first (docs/consent.md, "Re-consent").
  const language = pickLanguage({ uiLocales: query.ui_locales, acceptLanguage: c.req.header("accept-language") });
  let pendingDocuments: PendingDocument[] = [];
  if (!prompt) {
    const session = await currentSession(c);
    if (session) pendingDocuments = await pendingForClient(c, session.uid, query.client_id, language);
    if (session && pendingDocuments.length === 0) {
      c.header("cache-control", "no-store");
      c.header("referrer-policy", "no-referrer");
      const target = { redirectUri, codeChallenge };
      return c.redirect(await signedInRedirect(c, session.uid, target, sessionSignInTime(session)), 302);
    }
  }

  const config = c.get("config");
  const { cookies, devAccounts } = c.get("auth");
  let nonce = readCookie(c.req.header("cookie"), LOGIN_NONCE_COOKIE);
  if (!nonce || nonce.length < 43) {
    nonce = randomToken();
    c.header("set-cookie", serializeCookie(LOGIN_NONCE_COOKIE, nonce, cookies, null), { append: true });
  }
  const client = clientFor(query.client_id);
  // No login request is stored yet: the page asks for its state (POST /api/login/state) when the
  // person acts, so a visit costs no storage write (docs/decisions/0059-sign-in-hardening.md).

  // reCAPTCHA before an SMS code: Google's widget in stg/prd (its scripts and frames, nothing
  // more), the dev IdP's stand-in in dev (its script and its frame).
  const recaptcha = recaptchaPageFor(config.apps["dev-idp"]);
  pageHeaders(c, {
    scripts: ["'self'", ...recaptcha.scriptSources].join(" "),
    styles: "'self'",
    images: "'self'",
    connect: `'self' ${new URL(config.idp.apiUrl).origin}`,
    frames: recaptcha.frameSources.join(" ") || undefined,
  });
  return c.html(
    pageHtml(
      <LoginPage
        language={language}
        client={client}
        socialProviders={config.auth.socialProviders}
        devAccounts={devAccounts?.accounts ?? []}
        languageUrls={languageUrls(c.req.url)}
        assetsUrl={urlFor(config.apps.auth, "/assets")}
        legalUrl={urlFor(config.apps.auth, "/legal")}
        pageConfig={{
          idpApiUrl: config.idp.apiUrl,
          idpApiKey: config.idp.apiKey,
          callbackUrl: urlFor(config.apps.auth, "/api/callback"),
          loginRequestUrl: urlFor(config.apps.auth, "/api/login/state"),
          loginRequest: loginRequestFields(query),
          smsAttemptUrl: urlFor(config.apps.auth, "/api/login/sms-attempt"),
          requiredDocumentKeys: client.requiredDocumentKeys,
          consentUrl: urlFor(config.apps.auth, "/api/consent"),
          legalUrl: urlFor(config.apps.auth, "/legal"),
          documentNames: STRINGS[language].documents,
          reconsent: STRINGS[language].reconsent,
          language,
          sessionReconsent:
            pendingDocuments.length > 0
              ? { url: urlFor(config.apps.auth, "/api/session/consent"), documents: pendingDocuments }
              : null,
          logUrl: urlFor(config.apps.auth, "/api/log"),
          clientId: client.id,
          errors: STRINGS[language].errors,
          working: STRINGS[language].working,
          socialCallbackUrl: socialCallbackUrl(config.apps.auth),
          link: {
            grantUrl: urlFor(config.apps.auth, "/api/link/grant"),
            redeemUrl: urlFor(config.apps.auth, "/api/link/redeem"),
            strings: LINK_STRINGS[language],
          },
          recaptcha: { siteKey: config.idp.recaptchaSiteKey, scriptUrl: recaptcha.scriptUrl },
          devAccounts: devAccounts
            ? { password: devAccounts.password, emails: devAccounts.accounts.map((account) => account.email) }
            : null,
        }}
      />,
    ),
  );
});

/** This page in each language: the language menu's links (ui_locales, as an app would send it). */
function languageUrls(pageUrl: string): Record<Language, string> {
  const entries = LANGUAGES.map((language) => {
    const url = new URL(pageUrl);
    url.searchParams.set("ui_locales", language);
    return [language, url.href] as const;
  });
  return Object.fromEntries(entries) as Record<Language, string>;
}
