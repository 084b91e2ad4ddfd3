import { describe, expect, it } from "vitest";
import { cookieAttributes, readCookie, serializeCookie } from "../../src/auth/cookies";
import { isSessionAlive, newSession, SESSION_LIFETIME_SECONDS, touched } from "../../src/auth/session";
import { type CodeRecord, isExpired, kvTtlSeconds } from "../../src/auth/single-use";
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
    const session = newSession("u", 0);
    const later = touched(session, 399 * 86_400_000);
    expect(later).toEqual({ uid: "u", createdAt: 0, lastAccessedAt: 399 * 86_400_000 });
    expect(isSessionAlive(later, 799 * 86_400_000 - 1)).toBe(true);
    expect(isSessionAlive(later, 799 * 86_400_000)).toBe(false);
  });
});

describe("cookie attributes per environment", () => {
  it("dev on localhost: no Secure, host-only, scoped to the app's path", () => {
    const attributes = cookieAttributes(parseBaseUrl("http://localhost:8787/auth"), null);
    expect(serializeCookie("auth_session", "v", attributes, 60)).toBe(
      "auth_session=v; Max-Age=60; Path=/auth; HttpOnly; SameSite=Lax",
    );
  });

  it("dev on 127.0.0.1 is localhost too", () => {
    expect(cookieAttributes(parseBaseUrl("http://127.0.0.1:8801/auth"), null).secure).toBe(false);
  });

  it("stg: Secure, Domain = the stg auth host", () => {
    const attributes = cookieAttributes(parseBaseUrl("https://stg.auth.example.com"), "stg.auth.example.com");
    expect(serializeCookie("auth_session", "v", attributes, 34_560_000)).toBe(
      "auth_session=v; Max-Age=34560000; Path=/; Domain=stg.auth.example.com; Secure; HttpOnly; SameSite=Lax",
    );
  });

  it("prd: Secure, Domain = the auth host", () => {
    const attributes = cookieAttributes(parseBaseUrl("https://auth.example.com"), "auth.example.com");
    expect(attributes).toEqual({
      domain: "auth.example.com",
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    });
  });

  it("reads one cookie among several", () => {
    expect(readCookie("a=1; auth_session=abc=; b=2", "auth_session")).toBe("abc=");
    expect(readCookie("xauth_session=1", "auth_session")).toBeNull();
    expect(readCookie(null, "auth_session")).toBeNull();
  });
});
