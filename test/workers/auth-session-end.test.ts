import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SessionRecord } from "../../src/auth/session";
import {
  AUTH,
  authWithClock,
  FakeClock,
  type Fetch,
  platform,
  STORE_TARGET,
  sessionKey,
  signedInBrowser,
} from "./auth-support";

const loginWith = (fetch: Fetch, cookieHeader: string) =>
  fetch(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
    headers: { cookie: cookieHeader },
    redirect: "manual",
  });

const logout = (fetch: Fetch, cookieHeader: string, query = "") =>
  fetch(`${AUTH}/api/logout?redirect_uri=${encodeURIComponent(STORE_TARGET)}${query}`, {
    headers: { cookie: cookieHeader },
    redirect: "manual",
  });

describe("logout sticks", () => {
  it("40 parallel session reads racing one logout never bring the session back (20 rounds)", async () => {
    // KV as the race leaves it: every read that found the session gets its answer only once the
    // logout has deleted it, so each one writes the session back after the logout (the
    // interleaving seen against wrangler dev, made certain instead of likely).
    let logoutDone = Promise.withResolvers<void>();
    const racingKv = new Proxy(env.SESSIONS, {
      get(target, property) {
        if (property === "get") {
          return async (key: string, type?: "json") => {
            const value = await target.get(key, type as "json");
            if (key.startsWith("session:") && value !== null) await logoutDone.promise;
            return value;
          };
        }
        if (property === "delete") {
          return async (key: string) => {
            await target.delete(key);
            if (key.startsWith("session:")) logoutDone.resolve();
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    // Two hours on: past the write throttle, every racing read writes the session back.
    const clock = new FakeClock(Date.now() + 2 * 3_600_000);
    const fetch = authWithClock(clock, undefined, { SESSIONS: racingKv });
    const plain = authWithClock(clock);
    let resurrections = 0;
    for (let round = 0; round < 20; round++) {
      const browser = await signedInBrowser(platform);
      logoutDone = Promise.withResolvers<void>();
      const requests = Array.from({ length: 40 }, (_, i) =>
        i === 39 ? logout(fetch, browser.cookieHeader) : loginWith(fetch, browser.cookieHeader),
      );
      const answers = await Promise.all(requests);
      expect(answers[39]?.status).toBe(302);
      if ((await loginWith(plain, browser.cookieHeader)).status !== 200) resurrections++;
    }
    expect(resurrections).toBe(0);
  }, 120_000);

  it("a sign-in that replaces the browser's session ends the old one for good", async () => {
    const clock = new FakeClock(Date.now() + 2 * 3_600_000);
    const fetch = authWithClock(clock);
    const first = await signedInBrowser(platform);
    const key = await sessionKey(first.cookie);
    // What a read overlapping the replacement holds, and writes back after it.
    const late = await env.SESSIONS.get(key);
    const second = await signedInBrowser(platform, first.cookieHeader);
    expect(second.cookie).not.toBe(first.cookie);
    await env.SESSIONS.put(key, late ?? "");
    expect((await loginWith(fetch, first.cookieHeader)).status).toBe(200);
    expect((await loginWith(fetch, second.cookieHeader)).status).toBe(302);
  });
});

describe("session write throttle", () => {
  it("reads within an hour of the last write leave the stored session untouched", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const browser = await signedInBrowser(fetch);
    const key = await sessionKey(browser.cookie);
    const [written] = (await env.SESSIONS.list({ prefix: key })).keys;
    const stored = await env.SESSIONS.get(key);

    for (let read = 0; read < 5; read++) {
      clock.advance(11 * 60_000);
      expect((await loginWith(fetch, browser.cookieHeader)).status).toBe(302);
    }
    expect(await env.SESSIONS.get(key)).toBe(stored);
    expect((await env.SESSIONS.list({ prefix: key })).keys[0]?.expiration).toBe(written?.expiration);

    clock.advance(5 * 60_000);
    expect((await loginWith(fetch, browser.cookieHeader)).status).toBe(302);
    const refreshed = await env.SESSIONS.get<SessionRecord>(key, "json");
    expect(refreshed?.lastAccessedAt).toBe(clock.nowMs);
  });
});
