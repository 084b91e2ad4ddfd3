/**
 * Sign-in helper for single-page apps (document 1, Authentication 6), used by the store. It
 * needs only the browser objects below and the app's identity-provider calls, so it runs in
 * any bundler and is tested in Node with a fake browser.
 */
export const CUSTOM_TOKEN_PARAM = "idpAuthCustomToken";

export interface BrowserLike {
  location: { href: string; assign(url: string): void };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  document: { cookie: string };
}

export interface SpaAuthOptions {
  /** Base URL of the sign-in service, e.g. https://auth.example.com or http://localhost:8787/auth. */
  authUrl: string;
  clientId: string;
  /** The app's identity-provider calls (e.g. the provider SDK's signInWithCustomToken). */
  signInWithCustomToken(customToken: string): Promise<void>;
  isSignedIn(): boolean | Promise<boolean>;
  signOut(): Promise<void>;
  browser?: BrowserLike;
}

export type StartResult = "signed-in" | "redirecting";

export interface SpaAuth {
  /** Signs in with a custom token from the URL or cookie, else sends a signed-out user to /login. */
  start(): Promise<StartResult>;
  loginUrl(): string;
  /** Signs out locally, then ends the SSO session through /api/logout and comes back here. */
  logout(): Promise<void>;
}

export function createSpaAuth(options: SpaAuthOptions): SpaAuth {
  const browser = options.browser ?? (globalThis as unknown as BrowserLike);
  const authUrl = options.authUrl.replace(/\/+$/, "");

  const loginUrl = () => {
    const url = new URL(`${authUrl}/login`);
    url.searchParams.set("redirect_uri", withoutToken(browser.location.href));
    url.searchParams.set("client_id", options.clientId);
    return url.href;
  };

  return {
    loginUrl,
    async start() {
      const token = tokenFromQuery(browser.location.href) ?? tokenFromCookie(browser.document.cookie);
      if (token) {
        // Remove it first: a token left in the URL would be bookmarked, shared or sent as a Referer.
        browser.history.replaceState(null, "", withoutToken(browser.location.href));
        browser.document.cookie = `${CUSTOM_TOKEN_PARAM}=; Max-Age=0; Path=/`;
        await options.signInWithCustomToken(token);
        return "signed-in";
      }
      if (await options.isSignedIn()) return "signed-in";
      browser.location.assign(loginUrl());
      return "redirecting";
    },
    async logout() {
      await options.signOut();
      const { origin } = new URL(browser.location.href);
      browser.location.assign(`${authUrl}/api/logout?redirect_uri=${encodeURIComponent(origin)}`);
    },
  };
}

function tokenFromQuery(href: string): string | null {
  return new URL(href).searchParams.get(CUSTOM_TOKEN_PARAM) || null;
}

function tokenFromCookie(cookie: string): string | null {
  for (const pair of cookie.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name === CUSTOM_TOKEN_PARAM && rest.length > 0) return decodeURIComponent(rest.join("=")) || null;
  }
  return null;
}

function withoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(CUSTOM_TOKEN_PARAM);
  return url.href;
}
