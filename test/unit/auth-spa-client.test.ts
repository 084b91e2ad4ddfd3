import { describe, expect, it } from "vitest";
import {
  type BrowserLike,
  createSpaAuth,
  RETURN_FRAGMENT_KEY,
  type SpaAuthOptions,
} from "../../browser/sign-in/spa-client";
import { checkRedirectUri, withQuery } from "../../src/auth/redirect-uri";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

function fakeBrowser(href: string, cookie = "", storage: ReturnType<typeof memoryStorage> | null = memoryStorage()) {
  const visits: string[] = [];
  const browser: BrowserLike & { visits: string[] } = {
    visits,
    ...(storage ? { sessionStorage: storage } : {}),
    location: {
      href,
      assign: (url) => {
        visits.push(url);
      },
    },
    history: {
      replaceState: (_data, _unused, url) => {
        browser.location.href = url;
      },
    },
    document: { cookie },
  };
  return browser;
}

function app(browser: BrowserLike, signedIn = false, options: Partial<SpaAuthOptions> = {}) {
  const calls: string[] = [];
  const auth = createSpaAuth({
    authUrl: "https://auth.example.com/",
    clientId: "store",
    browser,
    signInWithCustomToken: async (token) => {
      calls.push(`signIn:${token}`);
    },
    isSignedIn: () => signedIn,
    signOut: async () => {
      calls.push("signOut");
    },
    ...options,
  });
  return { auth, calls };
}

describe("SPA sign-in helper", () => {
  it("signs in with the token from the query and strips it from the URL", async () => {
    const browser = fakeBrowser("https://store.example.com/shop?item=3&idpAuthCustomToken=tok.en.x#top");
    const { auth, calls } = app(browser);
    expect(await auth.start()).toBe("signed-in");
    expect(calls).toEqual(["signIn:tok.en.x"]);
    expect(browser.location.href).toBe("https://store.example.com/shop?item=3#top");
    expect(browser.visits).toEqual([]);
  });

  it("signs in with the token from the idpAuthCustomToken cookie and clears the cookie", async () => {
    const browser = fakeBrowser("https://store.example.com/", "a=1; idpAuthCustomToken=abc.def");
    const { auth, calls } = app(browser);
    expect(await auth.start()).toBe("signed-in");
    expect(calls).toEqual(["signIn:abc.def"]);
    expect(browser.document.cookie).toBe("idpAuthCustomToken=; Max-Age=0; Path=/");
  });

  it("sends a signed-out user to /login with the current URL and client_id", async () => {
    const browser = fakeBrowser("https://store.example.com/shop?item=3");
    const { auth } = app(browser);
    expect(await auth.start()).toBe("redirecting");
    const login = new URL(browser.visits[0] ?? "");
    expect(login.origin + login.pathname).toBe("https://auth.example.com/login");
    expect(login.searchParams.get("redirect_uri")).toBe("https://store.example.com/shop?item=3");
    expect(login.searchParams.get("client_id")).toBe("store");
  });

  it("asks the login page for the app's language (ui_locales), as it is when the user leaves", async () => {
    const browser = fakeBrowser("https://store.example.com/");
    let locale = "ko";
    const { auth } = app(browser, false, { uiLocales: () => locale });
    expect(new URL(auth.loginUrl()).searchParams.get("ui_locales")).toBe("ko");
    locale = "zh-TW";
    await auth.start();
    expect(new URL(browser.visits[0] ?? "").searchParams.get("ui_locales")).toBe("zh-TW");
  });

  describe("re-consent at app start", () => {
    /** An app whose user holds an ID token, and a service that answers `pending` (or fails). */
    function consentApp(href: string, pending: unknown[] | "fails", signedIn = true) {
      const browser = fakeBrowser(href);
      const asked: { url: string; authorization: string | null }[] = [];
      const { auth, calls } = app(browser, signedIn, {
        idToken: async () => "id.token",
        fetch: async (input, init) => {
          asked.push({ url: String(input), authorization: new Headers(init?.headers).get("authorization") });
          if (pending === "fails") throw new TypeError("network down");
          return Response.json(pending);
        },
      });
      return { auth, browser, calls, asked };
    }

    const revised = [{ documentKey: "app_terms", version: "2026-09-01" }];

    it("sends a user with documents to accept through /login (signed out here first) instead of opening", async () => {
      const { auth, browser, calls, asked } = consentApp("https://store.example.com/shop", revised);
      expect(await auth.start()).toBe("redirecting");
      expect(asked).toEqual([
        { url: "https://auth.example.com/api/consent/pending?scope=store", authorization: "Bearer id.token" },
      ]);
      expect(calls).toEqual(["signOut"]);
      const login = new URL(browser.visits[0] ?? "");
      expect(login.pathname).toBe("/login");
      expect(login.searchParams.get("redirect_uri")).toBe("https://store.example.com/shop");
    });

    it("checks a sign-in that just arrived too (a hand-over lands without passing /login)", async () => {
      const { auth, calls } = consentApp("https://store.example.com/?idpAuthCustomToken=tok", revised, false);
      expect(await auth.start()).toBe("redirecting");
      expect(calls).toEqual(["signIn:tok", "signOut"]);
    });

    it("opens the app when nothing is pending, or when the check cannot be made", async () => {
      for (const answer of [[], "fails"] as const) {
        const { auth, browser, calls } = consentApp("https://store.example.com/", answer === "fails" ? answer : []);
        expect(await auth.start(), String(answer)).toBe("signed-in");
        expect(calls).toEqual([]);
        expect(browser.visits).toEqual([]);
      }
    });
  });

  it("leaves a signed-in user where they are", async () => {
    const browser = fakeBrowser("https://store.example.com/");
    const { auth, calls } = app(browser, true);
    expect(await auth.start()).toBe("signed-in");
    expect(calls).toEqual([]);
    expect(browser.visits).toEqual([]);
  });

  it("logs out locally first, then through /api/logout back to the origin", async () => {
    const browser = fakeBrowser("https://store.example.com/shop");
    const { auth, calls } = app(browser, true);
    await auth.logout();
    expect(calls).toEqual(["signOut"]);
    expect(browser.visits).toEqual([
      `https://auth.example.com/api/logout?redirect_uri=${encodeURIComponent("https://store.example.com")}`,
    ]);
  });

  it("logs out back to the page the app names (its signed-out view)", async () => {
    const browser = fakeBrowser("https://store.example.com/result?session_id=cs_1");
    const { auth, calls } = app(browser, true);
    await auth.logout("https://store.example.com/");
    expect(calls).toEqual(["signOut"]);
    expect(browser.visits).toEqual([
      `https://auth.example.com/api/logout?redirect_uri=${encodeURIComponent("https://store.example.com/")}`,
    ]);
  });

  describe("hash-routed apps", () => {
    const prd = {
      environment: "prd",
      operatorDomains: ["example.com"],
      previewDomains: [],
      mobileScheme: "com.example.game",
    } as const;

    /** The service's answer: back to redirect_uri with a custom token (as /api/callback builds it). */
    const landing = (redirectUri: string) => withQuery(new URL(redirectUri), { idpAuthCustomToken: "tok" });

    it("sends redirect_uri without the fragment, so the service accepts it, and restores the route after sign-in", async () => {
      const storage = memoryStorage();
      const leaving = fakeBrowser("https://store.example.com/#/shop?item=3", "", storage);
      expect(await app(leaving).auth.start()).toBe("redirecting");
      const redirectUri = new URL(leaving.visits[0] ?? "").searchParams.get("redirect_uri") ?? "";
      expect(redirectUri).toBe("https://store.example.com/");
      expect(checkRedirectUri(redirectUri, prd).ok).toBe(true);

      const back = fakeBrowser(landing(redirectUri), "", storage);
      const { auth, calls } = app(back);
      expect(await auth.start()).toBe("signed-in");
      expect(calls).toEqual(["signIn:tok"]);
      expect(back.location.href).toBe("https://store.example.com/#/shop?item=3");
      expect(storage.items.has(RETURN_FRAGMENT_KEY)).toBe(false);
    });

    it("keeps the query of a hash-routed page and restores only on return to that page", async () => {
      const storage = memoryStorage();
      const leaving = fakeBrowser("https://store.example.com/app?lang=ja#/coins", "", storage);
      await app(leaving).auth.start();
      const redirectUri = new URL(leaving.visits[0] ?? "").searchParams.get("redirect_uri") ?? "";
      expect(redirectUri).toBe("https://store.example.com/app?lang=ja");

      const elsewhere = fakeBrowser(landing("https://store.example.com/other"), "", storage);
      await app(elsewhere).auth.start();
      expect(elsewhere.location.href).toBe("https://store.example.com/other");
      expect(storage.items.has(RETURN_FRAGMENT_KEY)).toBe(false);
    });

    it("still reaches /login without sessionStorage (the route is dropped)", async () => {
      const browser = fakeBrowser("https://store.example.com/#/shop", "", null);
      expect(await app(browser).auth.start()).toBe("redirecting");
      const redirectUri = new URL(browser.visits[0] ?? "").searchParams.get("redirect_uri") ?? "";
      expect(checkRedirectUri(redirectUri, prd).ok).toBe(true);
    });
  });
});
