import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { TermsAgreementsPort } from "../../src/app-ports/terms-agreements";
import { type CookieAttributes, cookieAttributes, sessionCookieAttributes } from "../../src/auth/cookies";
import type { DevAccounts } from "../../src/auth/dev-accounts";
import { type RedirectPolicy, redirectPolicyFor } from "../../src/auth/redirect-uri";
import type { Config } from "../../src/config";
import type { IdentityProvider } from "../../src/idp/identity-provider";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { CodeStore } from "./code-store";
import { LoginRequestStore } from "./login-requests";
import { PendingSignUps } from "./pending-sign-ups";
import { SessionStore } from "./session-store";

/** What the auth app is built from; tests pass a fake clock. */
export interface AuthDeps {
  /** Milliseconds since the epoch. */
  clock: () => number;
  identityProvider: (env: Env, config: Config) => IdentityProvider;
  /** The dev account picker's accounts; handed in by the dev build only, so stg and prd have none. */
  devAccounts: DevAccounts | null;
  /** The backend's paid-release terms ledger (platform/app-ports.ts). */
  termsAgreements: (env: Env, now: () => number) => TermsAgreementsPort;
}

/** Everything a route of the auth app needs, built once per request from the bindings. */
export interface AuthServices {
  now: () => number;
  idp: IdentityProvider;
  sessions: SessionStore;
  codes: CodeStore;
  loginRequests: LoginRequestStore;
  signUps: PendingSignUps;
  redirectPolicy: RedirectPolicy;
  /** The page-binding cookies (login nonce, transfer CSRF): host-only. */
  cookies: CookieAttributes;
  /** auth_session: Domain = AUTH_DOMAIN where set (document 1, Authentication 3). */
  sessionCookie: CookieAttributes;
  /** Offered on the login page only when the dev IdP is mounted (dev). */
  devAccounts: DevAccounts | null;
  termsAgreements: TermsAgreementsPort;
}

export interface AuthEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { auth: AuthServices };
}

export type AuthContext = Context<AuthEnv>;

export function authServices(deps: AuthDeps) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const config = c.get("config");
    const now = deps.clock;
    c.set("auth", {
      now,
      idp: deps.identityProvider(c.env, config),
      sessions: new SessionStore(c.env.SESSIONS, c.env.AUTH_DB, now),
      codes: new CodeStore(c.env.SESSIONS, c.env.SINGLE_USE, now),
      loginRequests: new LoginRequestStore(c.env.SESSIONS, c.env.SINGLE_USE, now),
      signUps: new PendingSignUps(c.env.AUTH_DB, now),
      redirectPolicy: redirectPolicyFor(config.environment, config.auth),
      cookies: cookieAttributes(config.apps.auth),
      sessionCookie: sessionCookieAttributes(config.apps.auth, config.auth.cookieDomain),
      devAccounts: config.apps["dev-idp"] ? deps.devAccounts : null,
      termsAgreements: deps.termsAgreements(c.env, now),
    });
    await next();
  });
}
