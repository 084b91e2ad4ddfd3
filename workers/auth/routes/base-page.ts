import { AUTH_BASE_PAGE_STRINGS } from "../../../src/auth/base-page-strings";
import { clientFor } from "../../../src/auth/clients";
import { pickLanguage, STRINGS } from "../../../src/auth/i18n";
import { SESSIONS_STRINGS } from "../../../src/auth/sessions-strings";
import { urlFor } from "../../../src/base-url";
import { localized } from "../../../src/i18n/locales";
import { basePageRoutes } from "../../../src/worker-kit/pages/base-page";
import type { AuthEnv } from "../auth-env";
import { knownDocuments } from "../legal-documents";

/**
 * GET {AUTH_URL}/ for a browser: the sign-in service's pages (sign-in, publish tokens, the legal
 * documents), in the language of its other pages (ui_locales, else Accept-Language).
 */
export const basePageRoute = basePageRoutes<AuthEnv>((c) => {
  const config = c.get("config");
  const auth = config.apps.auth;
  const language = pickLanguage({
    uiLocales: c.req.query("ui_locales"),
    acceptLanguage: c.req.header("accept-language"),
  });
  const t = AUTH_BASE_PAGE_STRINGS[language];
  const store = clientFor("store");
  const login = new URL(urlFor(auth, "/login"));
  login.searchParams.set("client_id", store.id);
  login.searchParams.set("redirect_uri", urlFor(config.apps.store, "/"));
  if (language !== "en") login.searchParams.set("ui_locales", language);
  return {
    lang: language,
    title: t.title,
    intro: t.intro,
    assetsUrl: urlFor(auth, "/assets"),
    sections: [
      {
        heading: t.pages,
        entries: [
          { label: STRINGS[language].signInTo(localized(store.name, language)), href: login.href, note: t.signInNote },
          { label: SESSIONS_STRINGS[language].title, href: urlFor(auth, "/sessions"), note: t.sessionsNote },
          { label: t.publishTokens, href: urlFor(auth, "/publish-tokens"), note: t.publishTokensNote },
        ],
      },
      {
        heading: t.legal,
        entries: knownDocuments(auth, c.get("auth").now(), language).map((doc) => ({
          label: doc.title,
          href: doc.url,
        })),
      },
      { heading: t.programs, entries: [{ label: t.health, href: urlFor(auth, "/health"), note: t.healthNote }] },
    ],
  };
});
