import { describe, expect, it } from "vitest";
import {
  cookieAttributes,
  readCookie,
  readCookies,
  serializeCookie,
  sessionCookieAttributes,
} from "../../src/auth/cookies";
import { isRefreshDue, isSessionAlive, newSession, SESSION_LIFETIME_SECONDS, touched } from "../../src/auth/session";
import { type CodeRecord, isExpired, kvTtlSeconds } from "../../src/auth/single-use";
import { userAgentFamily } from "../../src/auth/user-agent";
import { parseBaseUrl } from "../../src/base-url";

describe("single-use code lifetimes", () => {
  const at = (kind: CodeRecord["kind"]): CodeRecord => ({ kind, uid: "u", issuedAt: 1_000_000 });

  it("authorization and transfer codes live 5 minutes", () => {
    for (const kind of ["authorization_code", "transfer_code"] as const) {
      expect(isExpired(at(kind), 1_000_000 + 5 * 60_000 - 1)).toBe(false);
      expect(isExpired(at(kind), 1_000_000 + 5 * 60_000)).toBe(true);
    }
  });

  it("a link grant lives 60 seconds", () => {
    expect(isExpired(at("link_grant"), 1_000_000 + 59_999)).toBe(false);
    expect(isExpired(at("link_grant"), 1_000_000 + 60_000)).toBe(true);
  });

  it("asks KV for at least its 60 s minimum TTL", () => {
    expect(kvTtlSeconds("link_grant")).toBe(60);
    expect(kvTtlSeconds("transfer_code")).toBe(300);
  });
});

describe("SSO session record", () => {
  it("lives 400 days after its last read", () => {
    expect(SESSION_LIFETIME_SECONDS).toBe(400 * 86_400);
    const session = newSession("id", "u", 0, "Chrome on Linux", 0);
    const later = touched(session, 399 * 86_400_000);
    expect(later).toEqual({
      id: "id",
      userAgentFamily: "Chrome on Linux",
      uid: "u",
      createdAt: 0,
      lastAccessedAt: 399 * 86_400_000,
      authTime: 0,
    });
    expect(isSessionAlive(later, 799 * 86_400_000 - 1)).toBe(true);
    expect(isSessionAlive(later, 799 * 86_400_000)).toBe(false);
  });

  it("a read writes the session back at most once an hour", () => {
    const session = newSession("id", "u", 0, "Chrome on Linux", 0);
    expect(isRefreshDue(session, 3_600_000 - 1)).toBe(false);
    expect(isRefreshDue(session, 3_600_000)).toBe(true);
  });

  it("keeps only the user agent's family (browser and system), never the whole header", () => {
    const chromeAndroid =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
    const safariIos =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const edge =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";
    const firefox = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";
    expect(userAgentFamily(chromeAndroid)).toBe("Chrome on Android");
    expect(userAgentFamily(safariIos)).toBe("Safari on iOS");
    expect(userAgentFamily(edge)).toBe("Edge on Windows");
    expect(userAgentFamily(firefox)).toBe("Firefox on macOS");
    expect(userAgentFamily("curl/8.5.0")).toBe("curl");
    expect(userAgentFamily(undefined)).toBe("Unknown");
  });
});

describe("cookie attributes per environment", () => {
  it("dev on localhost (AUTH_DOMAIN empty): no Secure, host-only, scoped to the app's path", () => {
    const attributes = sessionCookieAttributes(parseBaseUrl("http://localhost:8787/auth"), null);
    expect(serializeCookie("auth_session", "v", attributes, 60)).toBe(
      "auth_session=v; Max-Age=60; Path=/auth; HttpOnly; SameSite=Lax",
    );
  });

  it("dev on 127.0.0.1 is localhost too", () => {
    expect(cookieAttributes(parseBaseUrl("http://127.0.0.1:8801/auth")).secure).toBe(false);
  });

  it("stg: the session cookie is Secure with Domain=stg.auth.example.com; the page cookies host-only", () => {
    const base = parseBaseUrl("https://stg.auth.example.com");
    expect(
      serializeCookie("auth_session", "v", sessionCookieAttributes(base, "stg.auth.example.com"), 34_560_000),
    ).toBe("auth_session=v; Max-Age=34560000; Domain=stg.auth.example.com; Path=/; Secure; HttpOnly; SameSite=Lax");
    expect(serializeCookie("auth_login_nonce", "n", cookieAttributes(base), null)).toBe(
      "auth_login_nonce=n; Path=/; Secure; HttpOnly; SameSite=Lax",
    );
  });

  it("prd: the session cookie's Domain is the auth host; without AUTH_DOMAIN it is host-only", () => {
    const base = parseBaseUrl("https://auth.example.com");
    expect(sessionCookieAttributes(base, "auth.example.com")).toEqual({
      path: "/",
      domain: "auth.example.com",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    });
    expect(sessionCookieAttributes(base, null).domain).toBeNull();
  });

  it("reads one cookie among several", () => {
    expect(readCookie("a=1; auth_session=abc=; b=2", "auth_session")).toBe("abc=");
    expect(readCookie("xauth_session=1", "auth_session")).toBeNull();
    expect(readCookie(null, "auth_session")).toBeNull();
  });

  it("reads every value of a name a browser sent twice, in order", () => {
    expect(readCookies("auth_session=stg.a; x=1; auth_session=prd.b", "auth_session")).toEqual(["stg.a", "prd.b"]);
    expect(readCookies(undefined, "auth_session")).toEqual([]);
  });
});
