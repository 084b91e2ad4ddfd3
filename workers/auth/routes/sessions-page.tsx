import { Hono } from "hono";
import { z } from "zod";
import { clientFor } from "../../../src/auth/clients";
import { serializeCookie } from "../../../src/auth/cookies";
import { type Language, pickLanguage } from "../../../src/auth/i18n";
import { SESSION_COOKIE } from "../../../src/auth/session";
import { deviceName, SESSIONS_STRINGS, timeAgo } from "../../../src/auth/sessions-strings";
import { urlFor } from "../../../src/base-url";
import { localized } from "../../../src/i18n/locales";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../src/worker-kit/input";
import { pageHeaders } from "../../../src/worker-kit/pages/page-headers";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import type { AuthContext, AuthEnv } from "../auth-env";
import { checkPageFormToken, pageFormFields, pageFormToken } from "../page-form";
import { allowedRedirect } from "../redirects";
import { sameOriginOnly } from "../same-origin";
import { sessionStanding } from "../session-cookie";
import type { SessionSummary } from "../session-store";
import { SessionsPage, type SessionsPageState, type ShownSession } from "../views/sessions-page";

/** Ties the page's forms to the browser that was shown the list (double-submit token). */
export const SESSIONS_CSRF_COOKIE = "auth_sessions_csrf";

/** What /login appends when it sends the browser back signed in: the page has no use for it. */
const CUSTOM_TOKEN_PARAM = "idpAuthCustomToken";

const DONE = ["one", "others", "gone", "this", "everywhere"] as const;
type Done = (typeof DONE)[number];

/** The page's query: the app's language, the app to go back to, and what the last form did. */
const pageQuery = z.object({
  ui_locales: z.string().max(256).optional(),
  client_id: z.string().max(64).optional(),
  redirect_uri: z.string().max(4096).optional(),
  done: z.enum(DONE).optional(),
});
type PageQuery = z.infer<typeof pageQuery>;

const csrfField = z.string().min(43).max(64);
const sessionsForm = z.discriminatedUnion("action", [
  z.object({ action: z.literal("end"), id: z.string().min(1).max(64), csrf: csrfField }),
  z.object({ action: z.literal("end-others"), csrf: csrfField }),
]);

/**
 * GET /sessions: the signed-in browser's list of where its account is signed in (the same list as
 * GET /api/sessions), with Sign out per session, for every other one, and everywhere. Linked from
 * the store's header with `client_id`, `redirect_uri` (the way back) and `ui_locales`.
 *
 * POST /sessions (same origin, double-submit token): ends one session of the caller's, or every
 * other one. Ending the others keeps this browser's: it does not move the account's
 * tokens-valid-after time, which would end this session too (sign out everywhere does that).
 * Then 303 back to the page, which says what was done.
 */
export const sessionsPageRoutes = new Hono<AuthEnv>()
  .get("/sessions", async (c) => {
    const raw = c.req.query();
    // Back from /login: the custom token leaves the address bar (and history) at once.
    if (raw[CUSTOM_TOKEN_PARAM] !== undefined) {
      c.header("cache-control", "no-store");
      c.header("referrer-policy", "no-referrer");
      return c.redirect(pageUrl(c, parseOrThrow(pageQuery, raw)), 303);
    }
    const query = parseOrThrow(pageQuery, raw);
    const language = pickLanguage({ uiLocales: query.ui_locales, acceptLanguage: c.req.header("accept-language") });
    const standing = await sessionStanding(c);
    const config = c.get("config");
    const assetsUrl = urlFor(config.apps.auth, "/assets");
    pageHeaders(c, { styles: `${assetsUrl}/`, forms: "'self'", referrer: "same-origin" });
    const back = backLink(c, query, language);
    // An address the allow-list refuses is dropped from every link of the page, not only the way back.
    const here = { ...query, done: undefined, redirect_uri: back ? query.redirect_uri : undefined };
    const page = (state: SessionsPageState) =>
      pageHtml(
        <SessionsPage
          language={language}
          strings={SESSIONS_STRINGS[language]}
          state={state}
          done={query.done ? SESSIONS_STRINGS[language].done[query.done] : null}
          back={back}
          assetsUrl={assetsUrl}
        />,
      );
    if (standing.state === "unknown") return c.html(page({ kind: "unavailable", retryUrl: pageUrl(c, here) }), 503);
    if (standing.state === "none") return c.html(page({ kind: "signed-out", signInUrl: signInUrl(c, here, language) }));

    const { session } = standing;
    const now = c.get("auth").now();
    const listed = await c.get("auth").sessions.list(session.uid);
    const current: SessionSummary = listed.find((entry) => entry.id === session.id) ?? {
      id: session.id,
      createdAt: session.createdAt,
      lastUsedAt: session.lastAccessedAt,
      userAgentFamily: session.userAgentFamily,
    };
    const shown = (entry: SessionSummary, lastUsed: string): ShownSession => ({
      id: entry.id,
      device: deviceName(language, entry.userAgentFamily),
      lastUsed,
      signedIn: SESSIONS_STRINGS[language].signedIn(timeAgo(language, entry.createdAt, now)),
    });
    const t = SESSIONS_STRINGS[language];
    return c.html(
      page({
        kind: "list",
        current: shown(current, t.inUseNow),
        others: listed
          .filter((entry) => entry.id !== session.id)
          .map((entry) => shown(entry, t.lastUsed(timeAgo(language, entry.lastUsedAt, now)))),
        action: pageUrl(c, here),
        csrf: pageFormToken(c, SESSIONS_CSRF_COOKIE),
        everywhere: {
          action: urlFor(config.apps.auth, "/api/logout"),
          redirectUri: pageUrl(c, { ...here, done: "everywhere" }),
        },
      }),
    );
  })
  .post("/sessions", sameOriginOnly, async (c) => {
    const form = parseOrThrow(sessionsForm, await pageFormFields(c, "Signing out a session"));
    checkPageFormToken(c, SESSIONS_CSRF_COOKIE, form.csrf, "This list was not shown in this browser. Open it again.");
    const query = parseOrThrow(pageQuery, c.req.query());
    c.header("cache-control", "no-store");
    const standing = await sessionStanding(c);
    // Signed out meanwhile, or the provider cannot say: the page shows which; nothing was ended.
    if (standing.state !== "live") return c.redirect(pageUrl(c, { ...query, done: undefined }), 303);
    const { session } = standing;
    const { sessions, sessionCookie } = c.get("auth");
    let done: Done;
    if (form.action === "end-others") {
      await sessions.endOthers(session.uid, session.id);
      done = "others";
    } else if (form.id === session.id) {
      await sessions.endById(session.uid, session.id);
      c.header("set-cookie", serializeCookie(SESSION_COOKIE, "", sessionCookie, 0), { append: true });
      done = "this";
    } else {
      done = (await sessions.endById(session.uid, form.id)) ? "one" : "gone";
    }
    return c.redirect(pageUrl(c, { ...query, done }), 303);
  });

/** This page's address with the query given (absent fields left out). */
function pageUrl(c: AuthContext, query: PageQuery): string {
  const url = new URL(urlFor(c.get("config").apps.auth, "/sessions"));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

/** /login for this page: the app's client when it named one, this page's language; back here signed in. */
function signInUrl(c: AuthContext, query: PageQuery, language: Language): string {
  const login = new URL(urlFor(c.get("config").apps.auth, "/login"));
  if (query.client_id) login.searchParams.set("client_id", query.client_id);
  login.searchParams.set("redirect_uri", pageUrl(c, query));
  login.searchParams.set("ui_locales", language);
  return login.href;
}

/** "Back to Coin store": the app's address when the allow-list takes it (a web page only), else none. */
function backLink(c: AuthContext, query: PageQuery, language: Language): { href: string; label: string } | null {
  if (!query.redirect_uri) return null;
  let target: URL;
  try {
    target = allowedRedirect(c, query.redirect_uri);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return null;
  const client = localized(clientFor(query.client_id).name, language);
  return { href: target.href, label: SESSIONS_STRINGS[language].backTo(client) };
}
