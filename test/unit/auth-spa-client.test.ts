import { describe, expect, it } from "vitest";
import { CONSENT_CHECK_RETRY_DELAYS_MS } from "../../browser/sign-in/consent-check";
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

    it("opens the app when nothing is pending", async () => {
      const { auth, browser, calls } = consentApp("https://store.example.com/", []);
      expect(await auth.start()).toBe("signed-in");
      expect(calls).toEqual([]);
      expect(browser.visits).toEqual([]);
    });

    it("goes through /login, which checks the documents itself, when the app has no ID token to ask with", async () => {
      const browser = fakeBrowser("https://store.example.com/");
      const { auth } = app(browser, true, {
        idToken: async () => null,
        fetch: () => Promise.reject(new Error("unused")),
      });
      expect(await auth.start()).toBe("redirecting");
      expect(new URL(browser.visits[0] ?? "").pathname).toBe("/login");
    });
  });

  describe("a consent check that fails never opens the app", () => {
    /** A service that answers each try with the next of `answers` (the last one repeats). */
    function flakyService(answers: (() => Promise<Response>)[]) {
      const browser = fakeBrowser("https://store.example.com/shop");
      let signedIn = true;
      const tries: string[] = [];
      const waits: number[] = [];
      const { auth, calls } = app(browser, true, {
        isSignedIn: () => signedIn,
        signOut: async () => {
          signedIn = false;
          calls.push("signOut");
        },
        idToken: async () => "id.token",
        fetch: (input) => {
          tries.push(String(input));
          const answer = answers[Math.min(tries.length, answers.length) - 1];
          return answer ? answer() : Promise.reject(new Error("no answer scripted"));
        },
        // The injected clock: records each wait instead of waiting.
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      return { auth, browser, calls, tries, waits };
    }

    const rejected = () => Promise.reject(new TypeError("Failed to fetch"));
    const status = (code: number) => () =>
      Promise.resolve(Response.json({ error: "x", message: "x" }, { status: code }));
    const body = (text: string) => () =>
      Promise.resolve(new Response(text, { headers: { "content-type": "application/json" } }));
    const nothingPending = body("[]");
    const allTries = CONSENT_CHECK_RETRY_DELAYS_MS.length + 1;

    it.each([
      ["a rejected fetch (offline, CSP or CORS block)", rejected],
      ["500", status(500)],
      ["503", status(503)],
      ["429", status(429)],
      ["malformed JSON", body("<html>proxy error</html>")],
      ["JSON that is not the list of documents", body('{"pending":0}')],
      ["a list of something else", body("[1,2]")],
    ])("%s: tries again after each backoff, then reports the check unmade, staying signed in", async (_, answer) => {
      const { auth, browser, calls, tries, waits } = flakyService([answer]);
      expect(await auth.start()).toBe("consent-unchecked");
      expect(tries).toHaveLength(allTries);
      expect(new Set(tries)).toEqual(new Set(["https://auth.example.com/api/consent/pending?scope=store"]));
      expect(waits).toEqual(CONSENT_CHECK_RETRY_DELAYS_MS);
      expect(calls).toEqual([]);
      expect(browser.visits).toEqual([]);
    });

    it.each([401, 403])(
      "%s (the ID token refused): no retry; signed out locally, so trying again goes through /login",
      async (code) => {
        const { auth, browser, calls, tries, waits } = flakyService([status(code)]);
        expect(await auth.start()).toBe("consent-unchecked");
        expect(tries).toHaveLength(1);
        expect(waits).toEqual([]);
        expect(calls).toEqual(["signOut"]);
        expect(browser.visits).toEqual([]);

        expect(await auth.start()).toBe("redirecting");
        const login = new URL(browser.visits[0] ?? "");
        expect(login.pathname).toBe("/login");
        expect(login.searchParams.get("redirect_uri")).toBe("https://store.example.com/shop");
      },
    );

    it("400 (the request refused): no retry, the check unmade", async () => {
      const { auth, tries, waits } = flakyService([status(400)]);
      expect(await auth.start()).toBe("consent-unchecked");
      expect(tries).toHaveLength(1);
      expect(waits).toEqual([]);
    });

    it("opens the app when a retry gets the answer", async () => {
      const { auth, tries, waits } = flakyService([rejected, status(502), nothingPending]);
      expect(await auth.start()).toBe("signed-in");
      expect(tries).toHaveLength(3);
      expect(waits).toEqual(CONSENT_CHECK_RETRY_DELAYS_MS);
    });

    it("sends the user through /login when a retry finds documents pending", async () => {
      const { auth, browser, calls } = flakyService([status(500), body('[{"documentKey":"app_terms"}]')]);
      expect(await auth.start()).toBe("redirecting");
      expect(calls).toEqual(["signOut"]);
      expect(new URL(browser.visits[0] ?? "").pathname).toBe("/login");
    });

    it("asks again on the next start() (the app's Try again), and opens once the service answers", async () => {
      const answers = Array.from({ length: allTries }, () => rejected);
      const { auth, tries } = flakyService([...answers, nothingPending]);
      expect(await auth.start()).toBe("consent-unchecked");
      expect(await auth.start()).toBe("signed-in");
      expect(tries).toHaveLength(allTries + 1);
    });

    it("checks a sign-in that just arrived from the URL the same way", async () => {
      const browser = fakeBrowser("https://store.example.com/?idpAuthCustomToken=tok");
      const { auth, calls } = app(browser, false, {
        idToken: async () => "id.token",
        fetch: () => Promise.reject(new TypeError("Failed to fetch")),
        sleep: async () => {},
      });
      expect(await auth.start()).toBe("consent-unchecked");
      expect(calls).toEqual(["signIn:tok"]);
      expect(browser.visits).toEqual([]);
      expect(browser.location.href).toBe("https://store.example.com/");
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
