import { Hono } from "hono";
import { accepts } from "hono/accepts";
import { etag } from "hono/etag";
import { raw } from "hono/html";
import { z } from "zod";
import { type Language, pickLanguage, STRINGS } from "../../../src/auth/i18n";
import { urlFor } from "../../../src/base-url";
import { LEGAL_TEXTS } from "../../../src/legal/content";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../src/worker-kit/input";
import { PageShell, pageHtml } from "../../../src/worker-kit/pages/page-shell";
import type { AuthContext, AuthEnv } from "../auth-env";
import { knownDocuments, versionOf } from "../legal-documents";
import { LegalNotFoundPage } from "../views/legal-not-found-page";

/** Browsers and caches may keep a document an hour; a new version is published with a deploy. */
const CACHE_CONTROL = "public, max-age=3600";
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'";

/** `lang`: the language the reader asked for (the login page passes its own); else Accept-Language. */
const legalQuery = z.object({ lang: z.string().max(64).optional() });

/**
 * GET /legal/{documentKey}/latest: the text of the version in force, with its version and
 * effective date, from the texts shipped with the Worker (src/legal/content.ts), in the language
 * asked for where the document has it; otherwise in English, with a notice in the reader's
 * language that says so. The login page's consent boxes link here. Paid-release terms are served
 * the same way. An unknown key is 404: a page naming the documents there are, or the JSON error
 * `unknown_document` for a client that asks for JSON (Accept: application/json).
 */
export const legalRoutes = new Hono<AuthEnv>().get("/legal/:key/latest", etag(), (c) => {
  const key = c.req.param("key");
  const query = parseOrThrow(legalQuery, c.req.query());
  const version = versionOf(key, c.get("auth").now());
  const texts = version && LEGAL_TEXTS[version.contentRef];
  if (!version || !texts) return notFound(c, key);
  const language = pickLanguage({ uiLocales: query.lang, acceptLanguage: c.req.header("accept-language") });
  const shown: Language = texts[language] ? language : "en";
  const text = texts[shown] ?? texts.en;
  const t = STRINGS[language].legal;
  const assets = urlFor(c.get("config").apps.auth, "/assets");
  c.header("cache-control", CACHE_CONTROL);
  c.header("vary", "accept-language");
  c.header("content-language", shown);
  c.header("x-document-version", version.version);
  c.header("content-security-policy", CONTENT_SECURITY_POLICY);
  c.header("x-content-type-options", "nosniff");
  const [beforeVersion = "", between = "", afterDate = ""] = t.version.split(/\{version\}|\{date\}/);
  return c.html(
    pageHtml(
      <PageShell lang={language} title={text.title} assetsUrl={assets} stylesheet="login.css" referrer={null}>
        <main class="card legal">
          <h1 lang={shown}>{text.title}</h1>
          {shown !== language && (
            <p class="notice" role="note">
              {t.notTranslated
                .replace("{requested}", languageName(language, language))
                .replace("{shown}", languageName(shown, language))}
            </p>
          )}
          <p class="version">
            {beforeVersion}
            <span class="version-number">{version.version}</span>
            {between}
            <time datetime={version.effectiveAt}>{version.effectiveAt}</time>
            {afterDate}
          </p>
          <article lang={shown}>{raw(text.html)}</article>
        </main>
      </PageShell>,
    ),
  );
});

function notFound(c: AuthContext, key: string): Response {
  const wanted = accepts(c, { header: "Accept", supports: ["text/html", "application/json"], default: "text/html" });
  if (wanted === "application/json") throw new ApiError(404, "unknown_document", `No legal document is called ${key}.`);
  const auth = c.get("config").apps.auth;
  const documents = knownDocuments(auth, c.get("auth").now());
  c.header("cache-control", "no-store");
  c.header("content-security-policy", CONTENT_SECURITY_POLICY);
  c.header("x-content-type-options", "nosniff");
  return c.html(
    pageHtml(<LegalNotFoundPage documentKey={key} assetsUrl={urlFor(auth, "/assets")} documents={documents} />),
    404,
  );
}

/** A language's name as a reader of `reader` calls it ("영어" for en in ko), from the platform's ICU data. */
function languageName(language: Language, reader: Language): string {
  // Written-script codes: "Traditional Chinese", not "Chinese (Taiwan)".
  const code = language === "zh-TW" ? "zh-Hant" : language === "zh-CN" ? "zh-Hans" : language;
  return new Intl.DisplayNames([reader], { type: "language" }).of(code) ?? language;
}
