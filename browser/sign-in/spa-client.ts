import { checkPendingConsent } from "./consent-check";

/**
 * Sign-in helper for single-page apps (document 1, Authentication 6), used by the store. It
 * needs only the browser objects below and the app's identity-provider calls, so it runs in
 * any bundler and is tested in Node with a fake browser.
 */
export const CUSTOM_TOKEN_PARAM = "idpAuthCustomToken";

/** sessionStorage key of the fragment (hash route) the app was on when it went to /login. */
export const RETURN_FRAGMENT_KEY = "spaAuth.returnFragment";

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface BrowserLike {
  location: { href: string; assign(url: string): void };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  document: { cookie: string };
  /** Keeps a hash route across the trip to /login; without it the route is dropped. */
  sessionStorage?: StorageLike;
}

export interface SpaAuthOptions {
  /** Base URL of the sign-in service, e.g. https://auth.example.com or http://localhost:8787/auth. */
  authUrl: string;
  clientId: string;
  /** The app's identity-provider calls (e.g. the provider SDK's signInWithCustomToken). */
  signInWithCustomToken(customToken: string): Promise<void>;
  isSignedIn(): boolean | Promise<boolean>;
  signOut(): Promise<void>;
  /** The app's language (the store's locale): sent as ui_locales, so the login page speaks it too. */
  uiLocales?(): string | null;
  /**
   * The signed-in user's ID token. With it, start() asks the service which documents the user has
   * still to accept (GET /api/consent/pending) and, when there are some, sends the user through
   * /login, which asks for them, instead of opening the app. null (no token to be had): through
   * /login too, which checks the documents itself.
   */
  idToken?(): Promise<string | null>;
  browser?: BrowserLike;
  fetch?: typeof fetch;
  /** Waits between tries of the consent check (consent-check.ts); setTimeout by default. */
  sleep?(ms: number): Promise<void>;
}

/**
 * - `signed-in`: open the app.
 * - `redirecting`: the browser is on its way to /login; show nothing.
 * - `consent-unchecked`: signed in, but whether documents are pending could not be learnt, even
 *   after retries. Do not open the app: say so and offer to try again (start() once more). When
 *   the service refused the ID token, the helper has signed out locally first, so that next
 *   start() goes through /login, which checks the documents with a fresh sign-in.
 */
export type StartResult = "signed-in" | "redirecting" | "consent-unchecked";

export interface SpaAuth {
  /**
   * Signs in with a custom token from the URL or cookie, else sends a signed-out user to /login;
   * then, with `idToken`, checks the documents the user has to accept. Hash-routed apps call it
   * before their router reads the hash: it restores the route.
   */
  start(): Promise<StartResult>;
  loginUrl(): string;
  /**
   * Signs out locally, then ends the SSO session through /api/logout and comes back to
   * `returnTo` (an allow-listed URL, such as the app's own signed-out view), else to the origin.
   */
  logout(returnTo?: string): Promise<void>;
}

interface StashedFragment {
  /** The redirect_uri sent to /login: the fragment is restored only on return to it. */
  url: string;
  fragment: string;
}

export function createSpaAuth(options: SpaAuthOptions): SpaAuth {
  const browser = options.browser ?? (globalThis as unknown as BrowserLike);
  const authUrl = options.authUrl.replace(/\/+$/, "");

  const loginUrl = () => {
    // The service refuses a redirect_uri with a fragment (it never reaches the server anyway),
    // so a hash route (https://store.example.com/#/shop) waits in sessionStorage.
    const current = new URL(withoutToken(browser.location.href));
    const fragment = current.hash;
    current.hash = "";
    if (fragment) stashFragment(browser, { url: current.href, fragment });
    const url = new URL(`${authUrl}/login`);
    url.searchParams.set("redirect_uri", current.href);
    url.searchParams.set("client_id", options.clientId);
    const uiLocales = options.uiLocales?.();
    if (uiLocales) url.searchParams.set("ui_locales", uiLocales);
    return url.href;
  };

  const toLogin = (): StartResult => {
    browser.location.assign(loginUrl());
    return "redirecting";
  };

  /** After a sign-in: whether documents are pending. Never opens the app on a failed check. */
  const afterSignIn = async (): Promise<StartResult> => {
    if (!options.idToken) return "signed-in";
    const idToken = await options.idToken();
    if (!idToken) return toLogin();
    const check = await checkPendingConsent({
      authUrl,
      clientId: options.clientId,
      idToken,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    });
    if (check.ok && check.pending === 0) return "signed-in";
    if (check.ok) {
      // Signed out here first: back from /login the app signs in with the new token it brings.
      await options.signOut();
      return toLogin();
    }
    // A refused token will be refused again: the next start() signs in afresh through /login.
    if (check.failure === "token-refused") await options.signOut();
    return "consent-unchecked";
  };

  return {
    loginUrl,
    async start() {
      const token = tokenFromQuery(browser.location.href) ?? tokenFromCookie(browser.document.cookie);
      if (token) {
        // Remove it first: a token left in the URL would be bookmarked, shared or sent as a Referer.
        browser.history.replaceState(null, "", withReturnFragment(browser, withoutToken(browser.location.href)));
        browser.document.cookie = `${CUSTOM_TOKEN_PARAM}=; Max-Age=0; Path=/`;
        await options.signInWithCustomToken(token);
        return afterSignIn();
      }
      if (await options.isSignedIn()) return afterSignIn();
      return toLogin();
    },
    async logout(returnTo) {
      await options.signOut();
      const target = returnTo ?? new URL(browser.location.href).origin;
      browser.location.assign(`${authUrl}/api/logout?redirect_uri=${encodeURIComponent(target)}`);
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

function stashFragment(browser: BrowserLike, stash: StashedFragment): void {
  try {
    browser.sessionStorage?.setItem(RETURN_FRAGMENT_KEY, JSON.stringify(stash));
  } catch {
    // Storage may be full or blocked: the app then starts at its default route.
  }
}

/** href with the stashed hash route put back, when href is where that route left for /login. */
function withReturnFragment(browser: BrowserLike, href: string): string {
  let raw: string | null = null;
  try {
    raw = browser.sessionStorage?.getItem(RETURN_FRAGMENT_KEY) ?? null;
    browser.sessionStorage?.removeItem(RETURN_FRAGMENT_KEY);
  } catch {
    return href;
  }
  const url = new URL(href);
  if (raw === null || url.hash) return href;
  try {
    const stash = JSON.parse(raw) as Partial<StashedFragment>;
    if (stash.url !== url.href || typeof stash.fragment !== "string" || !stash.fragment.startsWith("#")) return href;
    url.hash = stash.fragment;
    return url.href;
  } catch {
    return href;
  }
}
