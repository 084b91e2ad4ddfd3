import { env, exports } from "cloudflare:workers";
import { Hono } from "hono";
import { termsAgreements } from "../../platform/app-ports";
import { DOCUMENT_KEYS } from "../../src/auth/clients";
import { sha256Hex } from "../../src/auth/crypto";
import { s256Challenge } from "../../src/auth/pkce";
import { type Config, configFor } from "../../src/config";
import type { IdentityProvider } from "../../src/idp";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { handleError, notFound } from "../../src/worker-kit/errors";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { createAuthApp } from "../../workers/auth/app";
import { ConsentLedger } from "../../workers/auth/consent-ledger";
import { PublishTokenStore, type PublishTokenSummary } from "../../workers/auth/publish-token-store";
import { seededAccounts } from "../../workers/dev-idp/ports/seeded-accounts";

export const AUTH = "http://localhost:8787/auth";
export const IDP = "http://localhost:8787/idp";
export const STORE_TARGET = "http://localhost:3000/after-login";
export const APP_TARGET = "com.example.game.dev://auth";

/** A clock the test moves by hand: code and session expiry without waiting. */
export class FakeClock {
  constructor(public nowMs = Date.now()) {}
  readonly now = () => this.nowMs;
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

/**
 * The auth app mounted as the platform mounts it, but with a fake clock. The identity provider
 * is the real adapter talking to the dev IdP in this Worker, unless a test brings its own.
 */
export function authWithClock(
  clock: FakeClock,
  identityProvider: (env: Env, config: Config) => IdentityProvider = identityProviderFor,
  bindings: Partial<Env> = {},
) {
  const config = configFor(env);
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("config", config);
    await next();
  });
  root.route(
    config.apps.auth.path,
    createAuthApp({ clock: clock.now, identityProvider, devAccounts: seededAccounts, termsAgreements }),
  );
  root.notFound(notFound);
  root.onError(handleError);
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (work: Promise<unknown>) => pending.push(work),
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  const withBindings = { ...env, ...bindings };
  const fetch = async (input: string, init?: RequestInit) => root.fetch(new Request(input, init), withBindings, ctx);
  /** Resolves when the work the app left running after its answers (waitUntil) is done. */
  const settled = () => Promise.all(pending.splice(0));
  return Object.assign(fetch, { settled });
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The platform itself (real clock). */
export const platform: Fetch = (input, init) => exports.default.fetch(input, init);

/** The password of every account `newUser` makes. */
export const PASSWORD = "correct horse battery";

let counter = 0;

/**
 * A fresh account at the dev IdP: its uid and an ID token. It accepted every document, as one that
 * signed up on the login page has; `consented: false` leaves it with no consent row, as an account
 * made outside the login page (the provider's admin tools) has, which the service asks first.
 */
export async function newUser({ consented = true } = {}): Promise<{ uid: string; idToken: string; email: string }> {
  counter += 1;
  const email = `user-${Date.now()}-${counter}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await platform(`${IDP}/v1/accounts:signUp?key=${env.IDP_API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`dev IdP signUp answered ${res.status}: ${await res.text()}`);
  const body = await res.json<{ idToken: string; localId: string }>();
  if (consented) await new ConsentLedger(env.AUTH_DB, Date.now).record(body.localId, DOCUMENT_KEYS, "auth_signup");
  return { uid: body.localId, idToken: body.idToken, email };
}

/** A new active publish token of issuerUid, straight in AUTH_DB (no rate limit on the way). */
export async function newPublishToken(issuerUid: string): Promise<{ token: string; summary: PublishTokenSummary }> {
  const created = await new PublishTokenStore(env.AUTH_DB, Date.now).create(issuerUid, null);
  if (!created) throw new Error(`${issuerUid} holds the most active publish tokens already`);
  return created;
}

/**
 * An account of this uid at the dev IdP (made by a custom-token sign-in, as at the provider), so
 * the account lookups of the revocation checks find it; an existing one is only signed in.
 */
export async function ensureIdpAccount(uid: string): Promise<void> {
  const idp = identityProviderFor(env, configFor(env));
  await idp.signInWithCustomToken(await idp.createCustomToken(uid));
}

/**
 * An ID token minted by a publish-token exchange: a new active publish token of issuerUid (made an
 * account at the dev IdP if it is none: the exchange asks the provider about the issuer),
 * exchanged at /api/oauth/token. It names the token's principal and acts for issuerUid on the
 * publishing routes.
 */
export async function publishTokenIdToken(issuerUid = "publisher-1"): Promise<string> {
  await ensureIdpAccount(issuerUid);
  return exchangePublishToken((await newPublishToken(issuerUid)).token);
}

/** The uid a custom token signs in as, by exchanging it at the dev IdP (proves it is real). */
export async function uidOfCustomToken(customToken: string): Promise<string> {
  const idp = identityProviderFor(env, configFor(env));
  const session = await idp.signInWithCustomToken(customToken);
  return (await idp.verifyIdToken(session.idToken)).uid;
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** Set-Cookie headers of a response by cookie name. */
export function setCookies(res: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) cookies.set(line.slice(0, line.indexOf("=")), line);
  return cookies;
}

export function cookieValue(setCookie: string | undefined): string {
  if (!setCookie) throw new Error("no such Set-Cookie");
  return setCookie.slice(setCookie.indexOf("=") + 1).split(";")[0] as string;
}

/** A browser holding an SSO session for a new user (through /api/transfer/code and /transfer). */
export async function signedInBrowser(fetch: Fetch = platform, cookieHeader = "") {
  return browserOf(await newUser(), fetch, cookieHeader);
}

/** Another browser (or device) of the same user, signed in through a hand-over. */
export async function browserOf<User extends { idToken: string }>(
  user: User,
  fetch: Fetch = platform,
  cookieHeader = "",
  userAgent = "",
) {
  const issued = await fetch(`${AUTH}/api/transfer/code`, json({ id_token: user.idToken, redirect_uri: STORE_TARGET }));
  const { code } = await issued.json<{ code: string }>();
  const res = await confirmTransfer(fetch, code, cookieHeader, "continue", userAgent);
  const cookie = cookieValue(setCookies(res).get("auth_session"));
  return { ...user, cookie, cookieHeader: `auth_session=${cookie}` };
}

/**
 * Opens /transfer?code= like a browser and presses one of its buttons: the confirmation page, then
 * the form post with its CSRF token and cookie. Answers the post's response (a 302).
 */
export async function confirmTransfer(
  fetch: Fetch,
  code: string,
  cookieHeader = "",
  decision: "continue" | "cancel" = "continue",
  userAgent = "",
) {
  const page = await transferPage(fetch, code, cookieHeader);
  return fetch(`${AUTH}/transfer`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(AUTH).origin,
      cookie: [cookieHeader, page.csrfCookie].filter(Boolean).join("; "),
      ...(userAgent ? { "user-agent": userAgent } : {}),
    },
    body: new URLSearchParams({ code, csrf: page.csrf, decision }).toString(),
  });
}

/** The confirmation page of a transfer code: its HTML, the form's CSRF token and the cookie it pairs with. */
export async function transferPage(fetch: Fetch, code: string, cookieHeader = "") {
  const res = await fetch(`${AUTH}/transfer?code=${code}`, { redirect: "manual", headers: { cookie: cookieHeader } });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`/transfer answered ${res.status}: ${html.slice(0, 300)}`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const set = setCookies(res).get("auth_transfer_csrf");
  const csrfCookie = set ? `auth_transfer_csrf=${cookieValue(set)}` : "";
  return { res, html, csrf, csrfCookie };
}

/**
 * Opens the login page like a browser and acts on it: the page's nonce cookie, and the state its
 * script asks for (POST /api/login/state with the page's own request) when the person signs in.
 */
export async function openLoginPage(fetch: Fetch, query: Record<string, string>, cookieHeader = "") {
  const res = await fetch(`${AUTH}/login?${new URLSearchParams(query)}`, { headers: { cookie: cookieHeader } });
  const page = await res.text();
  const config = /<script type="application\/json" id="login-config">(.*?)<\/script>/s.exec(page)?.[1];
  if (res.status !== 200 || !config) throw new Error(`login page answered ${res.status}: ${page.slice(0, 300)}`);
  const { loginRequestUrl, loginRequest } = JSON.parse(config) as { loginRequestUrl: string; loginRequest: unknown };
  const nonce = cookieValue(setCookies(res).get("auth_login_nonce")) || "";
  const nonceCookie = `auth_login_nonce=${nonce}`;
  const asked = await fetch(loginRequestUrl, json(loginRequest, { cookie: nonceCookie }));
  if (asked.status !== 200) throw new Error(`/api/login/state answered ${asked.status}: ${await asked.text()}`);
  const { state } = await asked.json<{ state: string }>();
  return { res, page, state, nonceCookie };
}

export async function pkcePair() {
  const verifier = `${crypto.randomUUID()}-${crypto.randomUUID()}`.replace(/[^A-Za-z0-9-]/g, "");
  return { verifier, challenge: await s256Challenge(verifier) };
}

export async function sessionKey(cookie: string): Promise<string> {
  return `session:${await sha256Hex(cookie)}`;
}

/** A fresh ID token of the seeded operator account (admin claim), from the dev IdP. */
export async function adminIdToken(): Promise<string> {
  const res = await platform(`${IDP}/v1/accounts:signInWithPassword?key=${env.IDP_API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "dev-password", returnSecureToken: true }),
  });
  return (await res.json<{ idToken: string }>()).idToken;
}

/** A publish token of the user behind idToken, created through the token-management API. */
export async function issuePublishToken(idToken: string): Promise<{ id: string; token: string }> {
  const res = await platform(`${AUTH}/api/publish-tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (res.status !== 201) throw new Error(`POST /api/publish-tokens answered ${res.status}: ${await res.text()}`);
  return res.json<{ id: string; token: string }>();
}

/** The ID token a publish token is exchanged for (RFC 8693), as `scenario publish` gets it. */
export async function exchangePublishToken(token: string): Promise<string> {
  const res = await platform(`${AUTH}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: token,
      subject_token_type: "urn:ietf:params:oauth:token-type:access_token",
    }),
  });
  if (res.status !== 200) throw new Error(`POST /api/oauth/token answered ${res.status}: ${await res.text()}`);
  return (await res.json<{ access_token: string }>()).access_token;
}
