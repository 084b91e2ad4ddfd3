import { describe, expect, it } from "vitest";
import { type BrowserLike, createSpaAuth } from "../../src/auth/spa-client";

function fakeBrowser(href: string, cookie = "") {
  const visits: string[] = [];
  const browser: BrowserLike & { visits: string[] } = {
    visits,
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

function app(browser: BrowserLike, signedIn = false) {
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
});
