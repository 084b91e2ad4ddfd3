import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { configFor } from "../../src/config";
import { identityProviderFor } from "../../src/worker-kit/providers";
import {
  AUTH,
  authWithClock,
  confirmTransfer,
  FakeClock,
  type Fetch,
  json,
  newUser,
  openLoginPage,
  platform,
  publishTokenIdToken,
  STORE_TARGET,
  setCookies,
  signedInBrowser,
  transferPage,
  uidOfCustomToken,
} from "./auth-support";

async function transferCode(fetch: Fetch, redirectUri = STORE_TARGET) {
  const user = await newUser();
  const res = await fetch(`${AUTH}/api/transfer/code`, json({ id_token: user.idToken, redirect_uri: redirectUri }));
  expect(res.status).toBe(200);
  const body = await res.json<{ code: string; expires_in: number }>();
  return { ...body, uid: user.uid, idToken: user.idToken };
}

/** A browser that opens the link and presses Continue: the page's refusal, or the post's answer. */
async function redeem(fetch: Fetch, code: string): Promise<Response> {
  const page = await fetch(`${AUTH}/transfer?code=${encodeURIComponent(code)}`, { redirect: "manual" });
  if (page.status !== 200) return page;
  await page.body?.cancel();
  return confirmTransfer(fetch, code);
}

async function expectError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toMatchObject({ error });
}

describe("transfer codes", () => {
  it("POST /api/transfer/code returns a 5-minute code for a valid token and allowed redirect", async () => {
    const { code, expires_in } = await transferCode(platform);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expires_in).toBe(300);
  });

  it("POST /transfer (Continue) creates the browser's SSO session and 302s with the user's custom token", async () => {
    const { code, uid } = await transferCode(platform, `${STORE_TARGET}?from=app`);
    const res = await redeem(platform, code);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(STORE_TARGET);
    expect(location.searchParams.get("from")).toBe("app");
    expect(await uidOfCustomToken(location.searchParams.get("idpAuthCustomToken") ?? "")).toBe(uid);
    const cookie = setCookies(res).get("auth_session") ?? "";
    expect(cookie).toMatch(/HttpOnly; SameSite=Lax$/);

    // Later visits of that browser sign in automatically.
    const later = await platform(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: cookie.split(";")[0] as string },
      redirect: "manual",
    });
    expect(later.status).toBe(302);
  });

  it("refuses a code for an account whose sign-up is unfinished (no consent recorded yet)", async () => {
    const user = await newUser();
    await env.AUTH_DB.prepare("INSERT INTO pending_sign_ups (idp_uid, client_id, started_at) VALUES (?, ?, ?)")
      .bind(user.uid, "store", Date.now())
      .run();
    const res = await platform(
      `${AUTH}/api/transfer/code`,
      json({ id_token: user.idToken, redirect_uri: STORE_TARGET }),
    );
    await expectError(res, 403, "sign_up_incomplete");
  });

  it("is single use", async () => {
    const { code } = await transferCode(platform);
    expect((await redeem(platform, code)).status).toBe(302);
    await expectError(await redeem(platform, code), 400, "invalid_code");
  });

  it("expires after 5 minutes (fake clock)", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const { code } = await transferCode(fetch);
    clock.advance(5 * 60_000);
    const res = await redeem(fetch, code);
    expect(res.status).toBe(400);
    expect(await res.json<{ message: string }>()).toMatchObject({ error: "invalid_code" });
    expect(setCookies(res).has("auth_session")).toBe(false);
  });

  it("accepts a code just before its 5 minutes end", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const { code } = await transferCode(fetch);
    clock.advance(5 * 60_000 - 1000);
    expect((await redeem(fetch, code)).status).toBe(302);
  });

  it("20 parallel redemptions of one code: exactly one succeeds", async () => {
    const { code } = await transferCode(platform);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(platform, code)));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    await Promise.all(results.map((res) => res.body?.cancel()));
  });

  it("refuses a publish-token ID token: automation never gets a browser session", async () => {
    const idp = identityProviderFor(env, configFor(env));
    const custom = await idp.createCustomToken("publisher-1", { publish_token: true });
    const { idToken } = await idp.signInWithCustomToken(custom);
    await expectError(
      await platform(`${AUTH}/api/transfer/code`, json({ id_token: idToken, redirect_uri: STORE_TARGET })),
      403,
      "publish_token_not_allowed",
    );
  });

  it("refuses an invalid ID token (401), a refused redirect_uri and a bad body (400)", async () => {
    const user = await newUser();
    await expectError(
      await platform(`${AUTH}/api/transfer/code`, json({ id_token: "x.y.z", redirect_uri: STORE_TARGET })),
      401,
      "invalid_id_token",
    );
    await expectError(
      await platform(`${AUTH}/api/transfer/code`, json({ id_token: user.idToken, redirect_uri: "https://evil.com/" })),
      400,
      "invalid_redirect_uri",
    );
    await expectError(
      await platform(`${AUTH}/api/transfer/code`, json({ id_token: user.idToken })),
      400,
      "invalid_request",
    );
    await expectError(await redeem(platform, ""), 400, "invalid_code");
    await expectError(await redeem(platform, "unknown-code"), 400, "invalid_code");
  });
});

describe("the hand-over shows whose account it is", () => {
  async function appCode(fetch: Fetch, clientId = "mobile") {
    const user = await newUser();
    const res = await fetch(
      `${AUTH}/api/transfer/code`,
      json({ id_token: user.idToken, redirect_uri: STORE_TARGET, client_id: clientId }),
    );
    expect(res.status).toBe(200);
    return { ...user, code: (await res.json<{ code: string }>()).code };
  }

  it("GET /transfer is a confirmation page: the app's name and icon, the account masked, no session yet", async () => {
    const { code, email } = await appCode(platform);
    const { res, html } = await transferPage(platform, code);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain("Story Games");
    expect(html).toContain("icons/mobile.svg");
    const masked = `${email.slice(0, 1)}•••@e•••.com`;
    expect(html).toContain(masked);
    expect(html).not.toContain(email);
    expect(html).toMatch(/<form method="post" action="http:\/\/localhost:8787\/auth\/transfer"/);
    expect(setCookies(res).has("auth_session")).toBe(false);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self' http://localhost:3000");
    // Looking does not spend the code.
    expect((await confirmTransfer(platform, code)).status).toBe(302);
  });

  it("warns when the browser is signed in to another account", async () => {
    const other = await signedInBrowser();
    const { code } = await appCode(platform);
    const { html } = await transferPage(platform, code, other.cookieHeader);
    expect(html).toContain("signed in to another account");
  });

  it("Cancel spends the code and keeps the browser's current session", async () => {
    const current = await signedInBrowser();
    const { code } = await appCode(platform);
    const res = await confirmTransfer(platform, code, current.cookieHeader, "cancel");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(STORE_TARGET);
    expect(setCookies(res).has("auth_session")).toBe(false);
    await expectError(await redeem(platform, code), 400, "invalid_code");
    const later = await platform(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: current.cookieHeader },
      redirect: "manual",
    });
    expect(
      await uidOfCustomToken(new URL(later.headers.get("location") ?? "").searchParams.get("idpAuthCustomToken") ?? ""),
    ).toBe(current.uid);
  });

  it("refuses a post without the page's CSRF token or from another site, and keeps the code", async () => {
    const { code } = await appCode(platform);
    const page = await transferPage(platform, code);
    const post = (headers: Record<string, string>, csrf: string) =>
      platform(`${AUTH}/transfer`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ code, csrf, decision: "continue" }).toString(),
      });
    await expectError(await post({ origin: "http://localhost:8787" }, page.csrf), 403, "csrf_mismatch");
    await expectError(
      await post({ cookie: page.csrfCookie, origin: "https://evil.example" }, page.csrf),
      403,
      "cross_origin",
    );
    const forged = "A".repeat(43);
    await expectError(await post({ cookie: page.csrfCookie }, forged), 403, "csrf_mismatch");
    expect((await confirmTransfer(platform, code)).status).toBe(302);
  });

  it("needs an ID token issued within the last 5 minutes (401 stale_id_token)", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const user = await newUser();
    clock.advance(5 * 60_000 + 1000);
    const res = await fetch(`${AUTH}/api/transfer/code`, json({ id_token: user.idToken, redirect_uri: STORE_TARGET }));
    await expectError(res, 401, "stale_id_token");
  });
});

describe("link grants", () => {
  /** A login page of one browser and a fresh user who signed in on it. */
  async function linkingPage(fetch: Fetch) {
    const page = await openLoginPage(fetch, { redirect_uri: STORE_TARGET, client_id: "store" });
    const user = await newUser();
    return { ...page, user };
  }

  async function linkGrant(fetch: Fetch) {
    const page = await linkingPage(fetch);
    const res = await fetch(
      `${AUTH}/api/link/grant`,
      json({ id_token: page.user.idToken, state: page.state }, { cookie: page.nonceCookie }),
    );
    expect(res.status).toBe(200);
    const body = await res.json<{ grant: string; expires_in: number }>();
    const redeemIt = (cookie = page.nonceCookie, state = page.state) =>
      fetch(`${AUTH}/api/link/redeem`, json({ grant: body.grant, state }, { cookie }));
    return { ...body, uid: page.user.uid, page, redeemIt };
  }

  it("lives 60 seconds and signs the same login page in as its user, once", async () => {
    const { expires_in, uid, redeemIt } = await linkGrant(platform);
    expect(expires_in).toBe(60);
    const res = await redeemIt();
    expect(res.status).toBe(200);
    expect(await uidOfCustomToken((await res.json<{ custom_token: string }>()).custom_token)).toBe(uid);
    await expectError(await redeemIt(), 400, "invalid_grant");
  });

  it("is not a bearer hand-over: another browser, or another page, cannot redeem it (and does not spend it)", async () => {
    const { grant, redeemIt } = await linkGrant(platform);
    const otherBrowser = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    await expectError(await redeemIt(otherBrowser.nonceCookie, otherBrowser.state), 400, "invalid_grant");
    await expectError(await redeemIt(undefined, otherBrowser.state), 400, "invalid_grant");
    await expectError(await redeemIt(""), 400, "invalid_grant");
    await expectError(await platform(`${AUTH}/api/link/redeem`, json({ grant })), 400, "invalid_request");
    expect((await redeemIt()).status).toBe(200);
  });

  it("is only issued to a login page of this browser, never to an app with just an ID token", async () => {
    const page = await linkingPage(platform);
    const idToken = page.user.idToken;
    await expectError(await platform(`${AUTH}/api/link/grant`, json({ id_token: idToken })), 400, "invalid_request");
    await expectError(
      await platform(`${AUTH}/api/link/grant`, json({ id_token: idToken, state: page.state })),
      403,
      "state_mismatch",
    );
    await expectError(
      await platform(
        `${AUTH}/api/link/grant`,
        json({ id_token: idToken, state: "forged" }, { cookie: page.nonceCookie }),
      ),
      400,
      "login_expired",
    );
    const crossSite = await platform(
      `${AUTH}/api/link/grant`,
      json({ id_token: idToken, state: page.state }, { cookie: page.nonceCookie, origin: "https://evil.example" }),
    );
    await expectError(crossSite, 403, "cross_origin");
  });

  it("refuses an account whose sign-up is unfinished, like the hand-over", async () => {
    const page = await linkingPage(platform);
    await env.AUTH_DB.prepare("INSERT INTO pending_sign_ups (idp_uid, client_id, started_at) VALUES (?, ?, ?)")
      .bind(page.user.uid, "store", Date.now())
      .run();
    const res = await platform(
      `${AUTH}/api/link/grant`,
      json({ id_token: page.user.idToken, state: page.state }, { cookie: page.nonceCookie }),
    );
    await expectError(res, 403, "sign_up_incomplete");
  });

  it("needs an ID token issued within the last 5 minutes (401 stale_id_token)", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const page = await linkingPage(fetch);
    clock.advance(5 * 60_000 + 1000);
    const res = await fetch(
      `${AUTH}/api/link/grant`,
      json({ id_token: page.user.idToken, state: page.state }, { cookie: page.nonceCookie }),
    );
    await expectError(res, 401, "stale_id_token");
  });

  it("expires after 60 seconds (fake clock)", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const { redeemIt } = await linkGrant(fetch);
    clock.advance(60_000);
    await expectError(await redeemIt(), 400, "invalid_grant");
  });

  it("accepts a grant just before its 60 seconds end", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const { redeemIt } = await linkGrant(fetch);
    clock.advance(59_000);
    expect((await redeemIt()).status).toBe(200);
  });

  it("is refused for a hand-over: /transfer never accepts a link grant or creates a session from it", async () => {
    const { grant, redeemIt } = await linkGrant(platform);
    const res = await redeem(platform, grant);
    expect(res.status).toBe(400);
    expect(setCookies(res).has("auth_session")).toBe(false);
    // ...and the refusal did not spend it.
    expect((await redeemIt()).status).toBe(200);
  });

  it("a transfer code is not a link grant either", async () => {
    const { code } = await transferCode(platform);
    const page = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const res = await platform(
      `${AUTH}/api/link/redeem`,
      json({ grant: code, state: page.state }, { cookie: page.nonceCookie }),
    );
    await expectError(res, 400, "invalid_grant");
  });

  it("refuses a publish-token ID token (403)", async () => {
    const page = await linkingPage(platform);
    const res = await platform(
      `${AUTH}/api/link/grant`,
      json({ id_token: await publishTokenIdToken(), state: page.state }, { cookie: page.nonceCookie }),
    );
    await expectError(res, 403, "publish_token_not_allowed");
  });

  it("needs a valid ID token", async () => {
    const page = await linkingPage(platform);
    const res = await platform(
      `${AUTH}/api/link/grant`,
      json({ id_token: "nope", state: page.state }, { cookie: page.nonceCookie }),
    );
    await expectError(res, 401, "invalid_id_token");
  });
});
