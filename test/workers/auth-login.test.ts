import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../platform";
import {
  APP_TARGET,
  AUTH,
  openLoginPage,
  pkcePair,
  platform,
  STORE_TARGET,
  setCookies,
  signedInBrowser,
  uidOfCustomToken,
} from "./auth-support";

const login = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  platform(`${AUTH}/login?${new URLSearchParams(query)}`, { headers, redirect: "manual" });

describe("GET /login without a session", () => {
  it("shows the client's name and icon, phone sign-in and one button per social provider", async () => {
    const { res, page } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(page).toContain("Coin store");
    expect(page).toContain(`src="${AUTH}/assets/icons/store.svg"`);
    expect(page).toContain('id="phone-form"');
    expect(page.match(/data-provider="/g)).toHaveLength(4);
    expect(page).not.toContain('id="email-form"');
  });

  it("shows the social providers of AUTH_SOCIAL_PROVIDERS, in its order", async () => {
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const configured = { ...env, AUTH_SOCIAL_PROVIDERS: "apple.com,google.com" };
    const url = `${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`;
    const page = await (await worker.fetch(new Request(url), configured, ctx)).text();
    expect([...page.matchAll(/data-provider="([^"]+)"/g)].map((m) => m[1])).toEqual(["apple.com", "google.com"]);
  });

  it("shows the email + password form only to clients that allow it", async () => {
    for (const clientId of ["venue-admin", "portal-shop"]) {
      const { page } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: clientId });
      expect(page).toContain('id="email-form"');
    }
    for (const clientId of ["studio", "portal", "nope"]) {
      const { page } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: clientId });
      expect(page).not.toContain('id="email-form"');
    }
  });

  it("asks for the client's required documents (portal: portal_terms; unknown: app_terms + privacy)", async () => {
    const portal = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "portal" });
    expect(portal.page).toContain('value="portal_terms"');
    expect(portal.page).not.toContain('value="app_terms"');
    const unknown = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "who" });
    expect(unknown.page).toContain('value="app_terms"');
    expect(unknown.page).toContain('value="privacy"');
    expect(unknown.page).toContain("Story Games");
  });

  it("speaks the language of ui_locales (the app's), else of Accept-Language, with a menu of all five", async () => {
    const zhTW = await login(
      { redirect_uri: STORE_TARGET, client_id: "store", ui_locales: "zh-TW" },
      { "accept-language": "ja,en;q=0.5" },
    );
    const page = await zhTW.text();
    expect(page).toContain('<html lang="zh-TW">');
    // The app's name in the page's language too: never "Coin store にログイン".
    expect(page).toContain("<title>登入 · 金幣商店</title>");
    expect(page).toContain("<h1>登入金幣商店</h1>");
    expect(page).not.toContain("Coin store");
    for (const other of ["ja", "en", "ko", "zh-CN"]) {
      expect(page).toMatch(new RegExp(`<a href="[^"]*ui_locales=${other}"[^>]*hreflang="${other}"`));
    }
    expect(page).toContain('<strong aria-current="page">繁體中文</strong>');
    expect(page).toContain(`href="${AUTH}/legal/app_terms/latest?lang=zh-TW"`);

    const ko = await (
      await login({ redirect_uri: STORE_TARGET, client_id: "store" }, { "accept-language": "ko-KR" })
    ).text();
    expect(ko).toContain('<html lang="ko">');
    expect(ko).toContain("코인 스토어에 로그인");
    const ja = await (await login({ redirect_uri: STORE_TARGET }, { "accept-language": "ja,en;q=0.5" })).text();
    expect(ja).toContain("ストーリーゲームにログイン");
    const en = await login(
      { redirect_uri: STORE_TARGET, client_id: "store", ui_locales: "en" },
      { "accept-language": "ja" },
    );
    const enPage = await en.text();
    expect(enPage).toContain('<html lang="en">');
    expect(enPage).toContain("Sign in to Coin store");
  });

  it("refuses an over-long ui_locales with a clear error", async () => {
    const res = await login({ redirect_uri: STORE_TARGET, ui_locales: "ja ".repeat(200) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });

  it("is never cached, cannot be framed, and loads scripts only from itself", async () => {
    const { res } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
  });

  it("escapes the page config so a redirect_uri cannot break out of its script element", async () => {
    const { page } = await openLoginPage(platform, { redirect_uri: `${STORE_TARGET}?x=</script><script>alert(1)` });
    expect(page).not.toContain("<script>alert(1)");
  });

  it("sets the login nonce cookie that binds the page to this browser", async () => {
    const { res } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const nonce = setCookies(res).get("auth_login_nonce");
    expect(nonce).toMatch(/^auth_login_nonce=[A-Za-z0-9_-]{43}; Path=\/auth; HttpOnly; SameSite=Lax$/);
  });

  it("serves the page's script and icons, and nothing outside public/auth", async () => {
    expect((await platform(`${AUTH}/assets/login.js`)).status).toBe(200);
    expect((await platform(`${AUTH}/assets/icons/mobile.svg`)).status).toBe(200);
    expect((await platform(`${AUTH}/assets/../_platform/style.css`)).status).toBe(404);
    expect((await platform(`${AUTH}/assets/%2e%2e/_platform/style.css`)).status).toBe(404);
    expect((await platform(`${AUTH}/assets/missing.js`)).status).toBe(404);
  });
});

describe("GET /login refusals", () => {
  it.each([
    ["missing redirect_uri", {}, "invalid_redirect_uri"],
    ["look-alike host", { redirect_uri: "https://example.com.evil.com/" }, "invalid_redirect_uri"],
    ["userinfo", { redirect_uri: "https://dev.store.example.com@evil.com/" }, "invalid_redirect_uri"],
    ["prd host in dev", { redirect_uri: "https://store.example.com/" }, "invalid_redirect_uri"],
    [
      "plain PKCE",
      { redirect_uri: APP_TARGET, code_challenge: "x".repeat(43), code_challenge_method: "plain" },
      "invalid_request",
    ],
    ["challenge without method", { redirect_uri: APP_TARGET, code_challenge: "x".repeat(43) }, "invalid_request"],
    ["method without challenge", { redirect_uri: APP_TARGET, code_challenge_method: "S256" }, "invalid_request"],
    [
      "malformed challenge",
      { redirect_uri: APP_TARGET, code_challenge: "short", code_challenge_method: "S256" },
      "invalid_request",
    ],
    ["app target without PKCE", { redirect_uri: APP_TARGET, client_id: "mobile" }, "invalid_request"],
    ["unknown prompt", { redirect_uri: STORE_TARGET, prompt: "none" }, "invalid_request"],
  ])("%s: 400", async (_name, query, code) => {
    const res = await login(query as Record<string, string>);
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; message: string }>();
    expect(body.error).toBe(code);
    expect(body.message).not.toBe("");
  });

  it("never redirects to a refused target, even with a valid session", async () => {
    const browser = await signedInBrowser();
    const res = await login({ redirect_uri: "https://evilexample.com/" }, { cookie: browser.cookieHeader });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });

  it("never lets client_id widen the allow-list", async () => {
    const res = await login({ redirect_uri: "https://evil.com/", client_id: "admin" });
    expect(res.status).toBe(400);
  });
});

describe("GET /login with a valid auth_session cookie", () => {
  it("signs the user in at once: 302 to redirect_uri with a custom token for them", async () => {
    const browser = await signedInBrowser();
    const res = await login({ redirect_uri: STORE_TARGET, client_id: "studio" }, { cookie: browser.cookieHeader });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(STORE_TARGET);
    const token = location.searchParams.get("idpAuthCustomToken") ?? "";
    expect(await uidOfCustomToken(token)).toBe(browser.uid);
  });

  it("gives a PKCE client an authorization code instead of a token", async () => {
    const browser = await signedInBrowser();
    const { challenge } = await pkcePair();
    const res = await login(
      { redirect_uri: APP_TARGET, client_id: "mobile", code_challenge: challenge, code_challenge_method: "S256" },
      { cookie: browser.cookieHeader },
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.protocol).toBe("com.example.game.dev:");
    expect(location.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.has("idpAuthCustomToken")).toBe(false);
  });

  it("shows the page instead when the client asks prompt=select_account", async () => {
    const browser = await signedInBrowser();
    const res = await login({ redirect_uri: STORE_TARGET, prompt: "select_account" }, { cookie: browser.cookieHeader });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="login-config"');
  });

  it("shows the page for an unknown or forged cookie", async () => {
    const res = await login({ redirect_uri: STORE_TARGET }, { cookie: "auth_session=forged-value" });
    expect(res.status).toBe(200);
  });
});
