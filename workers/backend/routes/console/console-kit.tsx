import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { urlFor } from "../../../../src/base-url";
import { appRoute } from "../../../../src/worker-kit/access-log";
import { ApiError } from "../../../../src/worker-kit/errors";
import { bodyLimited } from "../../../../src/worker-kit/input";
import { pageHeaders } from "../../../../src/worker-kit/pages/page-headers";
import { pageHtml } from "../../../../src/worker-kit/pages/page-shell";
import { currentLog, currentRequestId } from "../../../../src/worker-kit/request-log";
import { type ConsoleDeps, type ConsoleEnv, consoleServices } from "../../console/console-env";
import { consoleForm, operatorOnly } from "../../console/operator-access";
import type { ConsoleLinks } from "../../views/console/console-layout";
import { ConsoleErrorPage } from "../../views/console/error-page";

/** A console URL under {API_URL}/admin. */
export function adminUrl(c: Context<ConsoleEnv>, path: string): string {
  return urlFor(c.get("config").apps.backend, `/admin${path}`);
}

export function consoleLinks(c: Context<ConsoleEnv>): ConsoleLinks {
  return {
    assets: urlFor(c.get("config").apps.backend, "/assets"),
    home: adminUrl(c, "/"),
    notices: adminUrl(c, "/notices"),
    rooms: adminUrl(c, "/rooms"),
    audit: adminUrl(c, "/audit"),
    signOut: adminUrl(c, "/sign-out"),
    user: (uid) => adminUrl(c, `/users/${encodeURIComponent(uid)}`),
  };
}

/** "Use another account": the sign-in service's logout, which comes back to the console's start. */
export function anotherAccountUrl(c: Context<ConsoleEnv>): string {
  const logout = new URL(urlFor(c.get("config").apps.auth, "/api/logout"));
  logout.searchParams.set("redirect_uri", adminUrl(c, "/"));
  return logout.href;
}

/**
 * A console page: never cached or framed, no script, its own stylesheets only, forms to itself,
 * and a same-origin referrer policy (without it a browser posts the forms with Origin: null).
 */
export function consolePage(c: Context<ConsoleEnv>, page: Child, status: ContentfulStatusCode = 200): Response {
  const assets = `${urlFor(c.get("config").apps.backend, "/assets")}/`;
  pageHeaders(c, { styles: assets, forms: "'self'", referrer: "same-origin" });
  return c.html(pageHtml(page as { toString(): string }), status);
}

/** The operator as the audit trail names them. */
export function operatorOf(c: Context<ConsoleEnv>): { uid: string; email: string | null } {
  const { uid, email } = c.get("operator");
  return { uid, email };
}

/** The route chains: a page needs a signed-in operator; an action also a form of the console's own pages. */
export function consoleChains(deps: ConsoleDeps) {
  const services = consoleServices(deps);
  return {
    services,
    page: [services, operatorOnly] as const,
    action: [bodyLimited(8 * 1024, "A console form"), services, operatorOnly, consoleForm] as const,
  };
}

/**
 * The console's errors as pages with their status: a refusal (403 for a non-operator, a
 * publish-token ID token, another site's post, a form without its token), bad input (400), an
 * outage (503). Anything unexpected is logged and hidden, as every app does.
 */
export function consoleError(error: unknown, c: Context<ConsoleEnv>): Response {
  let refusal: ApiError;
  if (error instanceof ApiError) refusal = error;
  else {
    currentLog().error("unhandled error", {
      method: c.req.method,
      route: appRoute(c),
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    refusal = new ApiError(500, "internal_error", "Something went wrong on our side. Please try again.");
  }
  const operator = c.get("operator") ?? null;
  const refusedAccount = refusal.code === "admin_required" || refusal.code === "publish_token_not_allowed";
  // "Back" after a refused action; a refused account has nothing to go back to (its sign-in page would sign it in again).
  const back = c.req.method === "POST" && !refusedAccount ? (c.req.header("referer") ?? null) : null;
  for (const [name, value] of Object.entries(refusal.headers)) c.header(name, value);
  return consolePage(
    c,
    <ConsoleErrorPage
      links={consoleLinks(c)}
      operator={operator}
      code={refusal.code}
      message={refusal.message}
      requestId={currentRequestId()}
      anotherAccountUrl={refusedAccount ? anotherAccountUrl(c) : null}
      backUrl={back && sameConsolePage(c, back) ? back : null}
    />,
    refusal.status,
  );
}

/** A Referer that is a page of this console (so "Back" never leads elsewhere). */
function sameConsolePage(c: Context<ConsoleEnv>, url: string): boolean {
  try {
    const home = new URL(adminUrl(c, "/"));
    const back = new URL(url);
    return back.origin === home.origin && back.pathname.startsWith(home.pathname);
  } catch {
    return false;
  }
}
