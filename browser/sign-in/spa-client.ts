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
   * /login, which asks for them, instead of opening the app.
   */
  idToken?(): Promise<string | null>;
  browser?: BrowserLike;
  fetch?: typeof fetch;
}

export type StartResult = "signed-in" | "redirecting";

export interface SpaAuth {
  /**
   * Signs in with a custom token from the URL or cookie, else sends a signed-out user to /login.
   * Hash-routed apps call it before their router reads the hash: it restores the route.
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

  /** true: nothing to accept (or the check could not be made); false: on the way to /login. */
  const consentPassed = async (): Promise<boolean> => {
    const idToken = await options.idToken?.();
    if (!idToken) return true;
    const pending = await pendingDocuments(options.fetch ?? fetch, authUrl, options.clientId, idToken);
    if (pending === 0) return true;
    // Signed out here first: back from /login the app signs in with the new token it brings.
    await options.signOut();
    browser.location.assign(loginUrl());
    return false;
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
        return (await consentPassed()) ? "signed-in" : "redirecting";
      }
      if (await options.isSignedIn()) return (await consentPassed()) ? "signed-in" : "redirecting";
      browser.location.assign(loginUrl());
      return "redirecting";
    },
    async logout(returnTo) {
      await options.signOut();
      const target = returnTo ?? new URL(browser.location.href).origin;
      browser.location.assign(`${authUrl}/api/logout?redirect_uri=${encodeURIComponent(target)}`);
    },
  };
}

/**
 * How many documents the user has still to accept for this client (document 1, Versioning: "at
 * app start"). 0 also when the service cannot say: the app opens, and /login still asks at the
 * next sign-in, so an outage of the check never locks a user out of the app.
 */
async function pendingDocuments(fetcher: typeof fetch, authUrl: string, clientId: string, idToken: string) {
  try {
    const res = await fetcher(`${authUrl}/api/consent/pending?scope=${encodeURIComponent(clientId)}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    if (!res.ok) return 0;
    const documents: unknown = await res.json();
    return Array.isArray(documents) ? documents.length : 0;
  } catch {
    return 0;
  }
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
