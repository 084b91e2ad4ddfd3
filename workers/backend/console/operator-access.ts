import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { urlFor } from "../../../src/base-url";
import { type AccountProfile, type IdentityProvider, IdpError } from "../../../src/idp/identity-provider";
import { revocationOf } from "../../../src/idp/revocation";
import { ApiError } from "../../../src/worker-kit/errors";
import { currentLog } from "../../../src/worker-kit/request-log";
import { sameOriginOnly } from "../../../src/worker-kit/same-origin";
import type { ConsoleEnv } from "./console-env";
import { consoleCookieOf, expiredConsoleCookie } from "./console-sessions";

/** The largest form the console takes (a reason, a note, a message: a few hundred characters). */
const MAX_FORM_BYTES = 8 * 1024;

/** Whether an account is an operator now: it exists, is not disabled, and carries the admin claim. */
export function isOperatorAccount(account: AccountProfile | null): boolean {
  return account !== null && !account.disabled && account.customClaims.admin === true;
}

/** The account at the provider (503 `idp_unavailable` page while it cannot answer: nothing is decided without it). */
export async function accountAtProvider(idp: IdentityProvider, uid: string): Promise<AccountProfile | null> {
  try {
    return await idp.account({ uid });
  } catch (error) {
    if (!(error instanceof IdpError)) throw error;
    currentLog().error("identity provider account lookup failed", { code: error.code, error: error.message });
    throw new ApiError(
      503,
      "idp_unavailable",
      "The identity provider could not be reached to check your account. Please try again.",
    );
  }
}

/**
 * A console path to come back to after signing in: under {API_URL}/admin/ only, else the console's
 * start; never with a custom token in it (a hand-over aimed at a console page brings one).
 */
export function consoleReturnPath(c: Context<ConsoleEnv>, next: string | undefined): string {
  const start = new URL(urlFor(c.get("config").apps.backend, "/admin/"));
  if (!next) return start.pathname;
  try {
    const url = new URL(next, start);
    url.searchParams.delete("idpAuthCustomToken");
    if (url.origin === start.origin && url.pathname.startsWith(start.pathname)) return url.pathname + url.search;
  } catch {
    // not a URL: the start
  }
  return start.pathname;
}

/** To the sign-in page, which comes back here (a GET) or to the console's start. */
function signInFirst(c: Context<ConsoleEnv>): Response {
  const here = new URL(c.req.url);
  const next = c.req.method === "GET" ? here.pathname + here.search : undefined;
  const signIn = new URL(urlFor(c.get("config").apps.backend, "/admin/sign-in"));
  signIn.searchParams.set("next", consoleReturnPath(c, next));
  c.header("cache-control", "no-store");
  return c.redirect(signIn.href, 303);
}

/**
 * Every console page and action: a live console sign-in (the cookie), whose account is still an
 * operator at the provider and whose provider sign-in still stands (not before the account's
 * tokens-valid-after time: one account lookup per request, as every session use of the sign-in
 * service). Without a sign-in the browser goes to sign in; a revoked one ends and signs in again;
 * an account that lost the admin claim gets the 403 page.
 */
export const operatorOnly = createMiddleware<ConsoleEnv>(async (c, next) => {
  const services = c.get("console");
  const session = await services.sessions.read(consoleCookieOf(c.req.header("cookie")));
  if (!session) return signInFirst(c);
  const account = await accountAtProvider(services.idp, session.operatorUid);
  const revoked = revocationOf(session.authTime, account) !== null;
  if (revoked || !isOperatorAccount(account)) {
    await services.sessions.end(session.id);
    c.header("set-cookie", expiredConsoleCookie(c.get("config").apps.backend));
    if (revoked) return signInFirst(c);
    throw adminRequired();
  }
  c.set("operator", {
    uid: session.operatorUid,
    email: session.operatorEmail,
    sessionId: session.id,
    csrf: session.csrfToken,
  });
  await next();
});

export function adminRequired(): ApiError {
  return new ApiError(
    403,
    "admin_required",
    "This console is for operators: the account needs the admin role. Use another account.",
  );
}

/** Posts of the console's pages: same origin (cross_origin 403). */
export const consoleSameOrigin = sameOriginOnly<ConsoleEnv>("backend", "the operator console's own pages");

/**
 * Every console action is a form post of the console's own pages: same origin, a form body, and
 * the sign-in's CSRF token (403 `csrf_invalid` without it); its fields are then `c.get("form")`.
 */
export const consoleForm = createMiddleware<ConsoleEnv>(async (c, next) => {
  await consoleSameOrigin(c, async () => {});
  c.set("form", await formFields(c.req.raw));
  const token = c.get("form").csrf ?? "";
  if (!sameText(token, c.get("operator").csrf)) {
    throw new ApiError(403, "csrf_invalid", "This form is not from your console page: reload the page and try again.");
  }
  await next();
});

/** A form body's fields (application/x-www-form-urlencoded, at most MAX_FORM_BYTES). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new ApiError(415, "form_expected", "Console actions are form posts (application/x-www-form-urlencoded).");
  }
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_FORM_BYTES) {
    throw new ApiError(413, "form_too_large", `A console form holds at most ${MAX_FORM_BYTES} bytes.`);
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Compares two tokens in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
