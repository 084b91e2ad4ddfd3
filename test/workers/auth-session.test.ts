import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_LIFETIME_SECONDS, type SessionRecord } from "../../src/auth/session";
import { SessionStore } from "../../workers/auth/session-store";
import {
  AUTH,
  authWithClock,
  FakeClock,
  platform,
  STORE_TARGET,
  sessionKey,
  setCookies,
  signedInBrowser,
} from "./auth-support";

const loginWith = (fetch: typeof platform, cookieHeader: string) =>
  fetch(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
    headers: { cookie: cookieHeader },
    redirect: "manual",
  });

describe("SSO sessions in KV", () => {
  it("keys the session by the SHA-256 of the cookie, never by the cookie itself", async () => {
    const browser = await signedInBrowser();
    expect(await env.SESSIONS.get(await sessionKey(browser.cookie), "json")).toMatchObject({ uid: browser.uid });
    const { keys } = await env.SESSIONS.list({ prefix: "session:" });
    expect(keys.some((key) => key.name.includes(browser.cookie))).toBe(false);
  });

  it("a read an hour or more after the last write updates last_accessed_at and restarts the 400-day lifetime", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const browser = await signedInBrowser(fetch);
    const key = await sessionKey(browser.cookie);
    const created = await env.SESSIONS.get<SessionRecord>(key, "json");

    clock.advance(3 * 86_400_000);
    const res = await loginWith(fetch, browser.cookieHeader);
    expect(res.status).toBe(302);
    const read = await env.SESSIONS.get<SessionRecord>(key, "json");
    expect(read?.lastAccessedAt).toBe((created?.lastAccessedAt ?? 0) + 3 * 86_400_000);
    expect(read?.createdAt).toBe(created?.createdAt);

    const { keys } = await env.SESSIONS.list({ prefix: key });
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(keys[0]?.expiration).toBeGreaterThanOrEqual(nowSeconds + SESSION_LIFETIME_SECONDS - 5);
    // The browser's cookie is renewed with it.
    expect(setCookies(res).get("auth_session")).toContain(`Max-Age=${SESSION_LIFETIME_SECONDS}`);
  });

  it("a session unread for 400 days is gone", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const browser = await signedInBrowser(fetch);
    clock.advance(399 * 86_400_000);
    expect((await loginWith(fetch, browser.cookieHeader)).status).toBe(302);
    clock.advance(400 * 86_400_000);
    expect((await loginWith(fetch, browser.cookieHeader)).status).toBe(200);
  });

  it("a refused KV write (write-rate limit) does not fail the read", async () => {
    const browser = await signedInBrowser();
    const limited = new Proxy(env.SESSIONS, {
      get(target, property) {
        if (property === "put") return () => Promise.reject(new Error("KV PUT failed: 429 Too Many Requests"));
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const store = new SessionStore(limited, env.AUTH_DB, () => Date.now() + 2 * 3_600_000);
    expect(await store.read(browser.cookie)).toMatchObject({ uid: browser.uid });
  });
});

describe("GET /api/logout", () => {
  it("clears the session and its cookie, then redirects", async () => {
    const browser = await signedInBrowser();
    const res = await platform(`${AUTH}/api/logout?redirect_uri=${encodeURIComponent("http://localhost:3000")}`, {
      headers: { cookie: browser.cookieHeader },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/");
    expect(setCookies(res).get("auth_session")).toBe("auth_session=; Max-Age=0; Path=/auth; HttpOnly; SameSite=Lax");
    expect(await env.SESSIONS.get(await sessionKey(browser.cookie))).toBeNull();
    expect((await loginWith(platform, browser.cookieHeader)).status).toBe(200);
  });

  it("redirects only to allow-listed targets, and then keeps the session", async () => {
    const browser = await signedInBrowser();
    for (const target of ["https://evil.com/", ""]) {
      const res = await platform(`${AUTH}/api/logout?redirect_uri=${encodeURIComponent(target)}`, {
        headers: { cookie: browser.cookieHeader },
        redirect: "manual",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_redirect_uri" });
    }
    const missing = await platform(`${AUTH}/api/logout`, { redirect: "manual" });
    expect(missing.status).toBe(400);
    expect(await env.SESSIONS.get(await sessionKey(browser.cookie))).not.toBeNull();
  });

  it("works for a browser without a session", async () => {
    const res = await platform(`${AUTH}/api/logout?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
  });
});
