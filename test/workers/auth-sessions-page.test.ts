import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/auth/crypto";
import { ConsentLedger } from "../../workers/auth/consent-ledger";
import { SessionStore } from "../../workers/auth/session-store";
import {
  AUTH,
  authWithClock,
  browserOf,
  cookieValue,
  FakeClock,
  type Fetch,
  newUser,
  platform,
  STORE_TARGET,
  setCookies,
} from "./auth-support";
import { GOOGLE_ADMIN_API } from "./fake-internet";
import { idpPost, idTokenClaims, nowSeconds, signIdToken } from "./helpers/dev-idp";
import { hostedBindings, hostedFetch } from "./hosted-build";

// Issue 34, item 6: a person sees where their account is signed in and ends those sessions, on a
// page of the sign-in service (GET /sessions) that acts with the session cookie.

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const ORIGIN = new URL(AUTH).origin;

/** One user on a laptop (Firefox), a phone (Safari) and a tablet (Chrome). */
async function threeDevices() {
  const user = await newUser();
  const laptop = await browserOf(user, platform, "", FIREFOX_LINUX);
  const phone = await browserOf(user, platform, "", SAFARI_IOS);
  const tablet = await browserOf(user, platform, "", CHROME_ANDROID);
  return { user, laptop, phone, tablet };
}

/** The page as a browser holding `cookieHeader` sees it: its HTML, form token and the cookie that pairs with it. */
async function sessionsPage(cookieHeader: string, query = "", fetch: Fetch = platform) {
  const res = await fetch(`${AUTH}/sessions${query}`, { headers: { cookie: cookieHeader }, redirect: "manual" });
  const html = await res.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const set = setCookies(res).get("auth_sessions_csrf");
  return { res, html, csrf, csrfCookie: set ? `auth_sessions_csrf=${cookieValue(set)}` : "" };
}

/** The public id the page shows for the session of a device, by its device name. */
function idOf(html: string, device: string): string {
  const entry = new RegExp(
    `data-session="([^"]+)"(?:(?!data-session)[^])*?<strong class="device-name">${device}</strong>`,
  ).exec(html);
  if (!entry?.[1]) throw new Error(`no entry for ${device}`);
  return entry[1];
}

/** Presses a button of the page: posts its form with the page's token, as the browser does. */
async function press(cookieHeader: string, fields: Record<string, string>, query = "", origin = ORIGIN) {
  const page = await sessionsPage(cookieHeader, query);
  return platform(`${AUTH}/sessions${query}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      cookie: [cookieHeader, page.csrfCookie].filter(Boolean).join("; "),
    },
    body: new URLSearchParams({ csrf: page.csrf, ...fields }).toString(),
  });
}

/** Whether a browser's session still signs it in (GET /login answers 302 straight back). */
const signedIn = async (cookieHeader: string) =>
  (
    await platform(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: cookieHeader },
      redirect: "manual",
    })
  ).status === 302;

describe("GET /sessions: where the account is signed in", () => {
  it("shows this browser first and every other device with its last use; never a cookie or its key", async () => {
    const { laptop, phone, tablet } = await threeDevices();
    const { res, html } = await sessionsPage(laptop.cookieHeader, "?ui_locales=en");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const [thisBrowser, others] = html.split('id="other-devices"');
    expect(thisBrowser).toContain('<strong class="device-name">Firefox on Linux</strong>');
    expect(thisBrowser).toContain("In use now");
    expect(others).toContain('<strong class="device-name">Safari on iOS</strong>');
    expect(others).toContain('<strong class="device-name">Chrome on Android</strong>');
    expect(others).toContain("Last used less than an hour ago");
    expect(others).toContain('aria-label="Sign out: Safari on iOS, Last used less than an hour ago"');
    for (const device of [laptop, phone, tablet]) {
      expect(html).not.toContain(device.cookie);
      expect(html).not.toContain(await sha256Hex(device.cookie));
    }
  });

  it("says when each device was last used, in the page's language, to the hour", async () => {
    const { laptop } = await threeDevices();
    const threeHoursLater = authWithClock(new FakeClock(Date.now() + 3 * 3_600_000 + 60_000));
    const { html } = await sessionsPage(laptop.cookieHeader, "?ui_locales=ja", threeHoursLater);
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain("<h1>ログイン中のデバイス</h1>");
    expect(html).toContain('<strong class="device-name">iOS の Safari</strong>');
    expect(html).toContain("最終使用：3 時間前");
    expect((await sessionsPage(laptop.cookieHeader, "", threeHoursLater)).html).toContain('<html lang="en">');
    const byHeader = await threeHoursLater(`${AUTH}/sessions`, {
      headers: { cookie: laptop.cookieHeader, "accept-language": "ko-KR,ko;q=0.9" },
    });
    expect(await byHeader.text()).toContain("마지막 사용: 3시간 전");
  });

  it("offers the way back to the app that linked it, when the allow-list takes its address", async () => {
    const { laptop } = await threeDevices();
    const store = "http://localhost:8787/store/?currency=hkd&locale=zh-TW";
    const linked = await sessionsPage(
      laptop.cookieHeader,
      `?${new URLSearchParams({ client_id: "store", redirect_uri: store, ui_locales: "zh-TW" })}`,
    );
    expect(linked.html).toContain(`<a href="${store.replaceAll("&", "&amp;")}">返回金幣商店</a>`);
    const foreign = await sessionsPage(
      laptop.cookieHeader,
      `?${new URLSearchParams({ client_id: "store", redirect_uri: "https://evil.example/" })}`,
    );
    expect(foreign.res.status).toBe(200);
    expect(foreign.html).not.toContain("evil.example");
    expect(foreign.html).not.toContain('class="back"');
  });
});

describe("POST /sessions: signing out", () => {
  it("Sign out on another device ends its session: its next use is refused; this browser and the rest go on", async () => {
    const { laptop, phone, tablet } = await threeDevices();
    const query = "?ui_locales=en&client_id=store";
    const phoneId = idOf((await sessionsPage(laptop.cookieHeader)).html, "Safari on iOS");
    const res = await press(laptop.cookieHeader, { action: "end", id: phoneId }, query);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${AUTH}/sessions${query}&done=one`);
    expect(await signedIn(phone.cookieHeader)).toBe(false);
    expect((await platform(`${AUTH}/api/sessions`, { headers: { cookie: phone.cookieHeader } })).status).toBe(401);
    expect(await signedIn(laptop.cookieHeader)).toBe(true);
    expect(await signedIn(tablet.cookieHeader)).toBe(true);

    const after = await sessionsPage(laptop.cookieHeader, `${query}&done=one`);
    expect(after.html).toContain("That device was signed out.");
    expect(after.html).not.toContain("Safari on iOS");
    // Pressed again (a second tab, a double click): already over, said so, nothing else ends.
    const again = await press(laptop.cookieHeader, { action: "end", id: phoneId });
    expect(again.headers.get("location")).toBe(`${AUTH}/sessions?done=gone`);
    expect(await signedIn(tablet.cookieHeader)).toBe(true);
  });

  it("Sign out of all other devices ends every other session and keeps this browser's", async () => {
    const { user, laptop, phone, tablet } = await threeDevices();
    const res = await press(laptop.cookieHeader, { action: "end-others" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${AUTH}/sessions?done=others`);
    expect(await signedIn(phone.cookieHeader)).toBe(false);
    expect(await signedIn(tablet.cookieHeader)).toBe(false);
    expect(await signedIn(laptop.cookieHeader)).toBe(true);
    // Only the SSO sessions end: the account's own ID tokens still stand (no sign-out everywhere).
    const listed = await platform(`${AUTH}/api/sessions`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect((await listed.json<{ sessions: unknown[] }>()).sessions).toHaveLength(1);
    const page = await sessionsPage(laptop.cookieHeader, "?done=others");
    expect(page.html).toContain("Every other device was signed out.");
    expect(page.html).toContain("No other browser is signed in.");
  });

  it("Sign out of this browser ends it and expires its cookie; the page then offers sign-in that comes back here", async () => {
    const { laptop, phone } = await threeDevices();
    const query = `?${new URLSearchParams({ ui_locales: "en", client_id: "store" })}`;
    const laptopId = idOf((await sessionsPage(laptop.cookieHeader)).html, "Firefox on Linux");
    const res = await press(laptop.cookieHeader, { action: "end", id: laptopId }, query);
    expect(res.headers.get("location")).toBe(`${AUTH}/sessions${query}&done=this`);
    expect(setCookies(res).get("auth_session")).toMatch(/^auth_session=; Max-Age=0; Path=\/auth/);
    expect(await signedIn(laptop.cookieHeader)).toBe(false);
    expect(await signedIn(phone.cookieHeader)).toBe(true);

    const after = await sessionsPage(laptop.cookieHeader, `${query}&done=this`);
    expect(after.res.status).toBe(200);
    expect(after.html).toContain("You are signed out of this browser.");
    expect(after.html).not.toContain('name="csrf"');
    const signIn = new URL(/<a class="button" href="([^"]+)"/.exec(after.html)?.[1]?.replaceAll("&amp;", "&") ?? "");
    expect(signIn.pathname).toBe("/auth/login");
    expect(signIn.searchParams.get("client_id")).toBe("store");
    expect(signIn.searchParams.get("redirect_uri")).toBe(`${AUTH}/sessions${query}`);
  });

  it("comes back from sign-in without the custom token in the address bar", async () => {
    const query = new URLSearchParams({ client_id: "store", ui_locales: "ko", idpAuthCustomToken: "eyJ.secret.token" });
    const res = await platform(`${AUTH}/sessions?${query}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${AUTH}/sessions?ui_locales=ko&client_id=store`);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("refuses a form from another site (403 cross_origin) or without this page's token (403 csrf_mismatch): nothing ends", async () => {
    const { laptop, phone } = await threeDevices();
    const phoneId = idOf((await sessionsPage(laptop.cookieHeader)).html, "Safari on iOS");
    const crossSite = await press(laptop.cookieHeader, { action: "end-others" }, "", "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: "cross_origin" });

    // A page elsewhere that knows an id still has no token of this browser's.
    const forged = await platform(`${AUTH}/sessions`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `${laptop.cookieHeader}; auth_sessions_csrf=${"a".repeat(43)}`,
      },
      body: new URLSearchParams({ action: "end", id: phoneId, csrf: "b".repeat(43) }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "csrf_mismatch" });
    const notAForm = await platform(`${AUTH}/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: laptop.cookieHeader, origin: ORIGIN },
      body: JSON.stringify({ action: "end-others" }),
    });
    expect(notAForm.status).toBe(415);
    const unknownAction = await press(laptop.cookieHeader, { action: "end-all" });
    expect(unknownAction.status).toBe(400);
    expect(await unknownAction.json()).toMatchObject({ error: "invalid_request" });
    expect(await signedIn(phone.cookieHeader)).toBe(true);
  });

  it("cannot end another person's session: said to be gone, and theirs goes on", async () => {
    const { laptop } = await threeDevices();
    const stranger = await threeDevices();
    const theirs = idOf((await sessionsPage(stranger.phone.cookieHeader)).html, "Safari on iOS");
    const res = await press(laptop.cookieHeader, { action: "end", id: theirs });
    expect(res.headers.get("location")).toBe(`${AUTH}/sessions?done=gone`);
    expect(await signedIn(stranger.phone.cookieHeader)).toBe(true);
  });
});

describe("GET /sessions checks the session's standing at the provider", () => {
  it("a session whose account changed its password since is signed out at this visit: its cookie expires", async () => {
    const user = await newUser();
    // Signed in ten seconds before the change (the provider's times are whole seconds).
    const signedInEarlier = await signIdToken({ ...idTokenClaims(user.uid), email: user.email });
    const laptop = await browserOf(
      { idToken: signedInEarlier },
      authWithClock(new FakeClock(Date.now() - 10_000)),
      "",
      FIREFOX_LINUX,
    );
    expect(await signedIn(laptop.cookieHeader)).toBe(true);
    const changed = await idpPost("/v1/accounts:update", { idToken: user.idToken, password: "a new password" });
    expect(changed.status).toBe(200);
    const { res, html } = await sessionsPage(laptop.cookieHeader, "?ui_locales=en");
    expect(res.status).toBe(200);
    expect(setCookies(res).get("auth_session")).toMatch(/^auth_session=; Max-Age=0/);
    expect(html).toContain("This browser is not signed in.");
    expect(html).not.toContain("Firefox on Linux");
  });
});

describe("the session page on the prd build", () => {
  const prdSession = async () => {
    const uid = `sessions-page-${crypto.randomUUID()}`;
    await new ConsentLedger(env.AUTH_DB, Date.now).record(uid, ["app_terms", "privacy"], "auth_signup");
    const store = new SessionStore(env.SESSIONS, env.AUTH_DB, Date.now);
    const cookie = `prd.${crypto.randomUUID()}`;
    const other = `prd.${crypto.randomUUID()}`;
    await store.create(cookie, uid, "Chrome on Windows", nowSeconds());
    await store.create(other, uid, "Safari on iOS", nowSeconds());
    return { store, cookie, other };
  };
  const prd = (
    path: string,
    init: RequestInit = {},
    bindings = hostedBindings("prd", { IDP_API_URL: GOOGLE_ADMIN_API }),
  ) => hostedFetch(bindings, `https://auth.example.com${path}`, { redirect: "manual", ...init });

  it("renews auth_session with prd's Domain, keeps its form token host-only, and ends sessions by prd's own origin only", async () => {
    const { store, cookie, other } = await prdSession();
    const page = await prd("/sessions?ui_locales=en", { headers: { cookie: `auth_session=${cookie}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const cookies = setCookies(page);
    expect(cookies.get("auth_session")).toBe(
      `auth_session=${cookie}; Max-Age=34560000; Domain=auth.example.com; Path=/; Secure; HttpOnly; SameSite=Lax`,
    );
    const csrfCookie = cookies.get("auth_sessions_csrf") ?? "";
    expect(csrfCookie).toBe(`auth_sessions_csrf=${cookieValue(csrfCookie)}; Path=/; Secure; HttpOnly; SameSite=Lax`);
    const html = await page.text();
    expect(html).toContain('action="https://auth.example.com/sessions?ui_locales=en"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const post = (origin: string, fields: Record<string, string>) =>
      prd("/sessions", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin,
          cookie: `auth_session=${cookie}; auth_sessions_csrf=${cookieValue(csrfCookie)}`,
        },
        body: new URLSearchParams({ csrf, ...fields }).toString(),
      });

    // The store's own host is another origin: it links here, it never posts here.
    expect((await post("https://store.example.com", { action: "end-others" })).status).toBe(403);
    expect(await store.read(other)).not.toBeNull();
    const others = await post("https://auth.example.com", { action: "end-others" });
    expect(others.status).toBe(303);
    expect(others.headers.get("location")).toBe("https://auth.example.com/sessions?done=others");
    expect(await store.read(other)).toBeNull();

    const id = (await store.read(cookie))?.id ?? "";
    const ended = await post("https://auth.example.com", { action: "end", id });
    expect(setCookies(ended).get("auth_session")).toBe(
      "auth_session=; Max-Age=0; Domain=auth.example.com; Path=/; Secure; HttpOnly; SameSite=Lax",
    );
    expect(await store.read(cookie)).toBeNull();
  });

  it("says the sign-in cannot be checked (503) while prd's provider cannot answer, and ends nothing", async () => {
    const { store, cookie } = await prdSession();
    // hostedBindings("prd") alone: Google's admin API, which this test run cannot reach.
    const res = await prd(
      "/sessions?ui_locales=zh-CN",
      { headers: { cookie: `auth_session=${cookie}` } },
      hostedBindings("prd"),
    );
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("目前无法确认您的登录");
    expect(html).not.toContain('name="csrf"');
    expect(setCookies(res).has("auth_session")).toBe(false);
    expect(await store.read(cookie)).not.toBeNull();
  });
});
