import { describe, expect, it } from "vitest";
import { parseBaseUrl } from "../../src/base-url";
import { matchApp } from "../../src/router";

const dev = {
  auth: parseBaseUrl("http://localhost:8787/auth"),
  store: parseBaseUrl("http://localhost:8787/store/"),
  rooms: parseBaseUrl("http://localhost:8787/rooms"),
  nested: parseBaseUrl("http://localhost:8787/rooms/admin"),
};
const prd = {
  auth: parseBaseUrl("https://auth.example.com"),
  store: parseBaseUrl("https://store.example.com"),
};
const match = (url: string, apps: Record<string, ReturnType<typeof parseBaseUrl>>, loopbackAliases = false) =>
  matchApp(new URL(url), apps, { loopbackAliases });

describe("matchApp", () => {
  it("matches the prefix itself and paths below it", () => {
    expect(match("http://localhost:8787/auth", dev)).toBe("auth");
    expect(match("http://localhost:8787/auth/", dev)).toBe("auth");
    expect(match("http://localhost:8787/auth/login?x=1", dev)).toBe("auth");
  });

  it("ignores a trailing slash in the configured base URL", () => {
    expect(match("http://localhost:8787/store/api/products", dev)).toBe("store");
  });

  it("respects path segment boundaries", () => {
    expect(match("http://localhost:8787/authx", dev)).toBeNull();
    expect(match("http://localhost:8787/auth-admin/login", dev)).toBeNull();
    expect(match("http://localhost:8787/", dev)).toBeNull();
  });

  it("prefers the longest matching prefix", () => {
    expect(match("http://localhost:8787/rooms/admin/x", dev)).toBe("nested");
    expect(match("http://localhost:8787/rooms/adminx", dev)).toBe("rooms");
  });

  it("requires the same origin: scheme, host and port", () => {
    expect(match("http://localhost:8788/auth", dev)).toBeNull();
    expect(match("https://localhost:8787/auth", dev)).toBeNull();
    expect(match("http://auth.example.com/", prd)).toBeNull();
    expect(match("https://auth.example.com.evil.net/", prd)).toBeNull();
    expect(match("https://evilauth.example.com/", prd)).toBeNull();
  });

  it("routes by host when base URLs have no path", () => {
    expect(match("https://auth.example.com/login", prd)).toBe("auth");
    expect(match("https://store.example.com/", prd)).toBe("store");
  });

  it("treats loopback names as one host only when asked (dev)", () => {
    expect(match("http://127.0.0.1:8787/auth", dev)).toBeNull();
    expect(match("http://127.0.0.1:8787/auth", dev, true)).toBe("auth");
    expect(match("http://[::1]:8787/auth", dev, true)).toBe("auth");
    expect(match("http://127.0.0.1:9999/auth", dev, true)).toBeNull();
    expect(match("http://example.com:8787/auth", dev, true)).toBeNull();
  });
});

describe("parseBaseUrl", () => {
  it("splits origin and path", () => {
    expect(parseBaseUrl("http://localhost:8787/auth/")).toEqual({ origin: "http://localhost:8787", path: "/auth" });
    expect(parseBaseUrl("https://auth.example.com")).toEqual({ origin: "https://auth.example.com", path: "" });
  });

  it.each([
    ["auth.example.com", "absolute URL"],
    ["ftp://auth.example.com", "http or https"],
    ["https://user:pw@auth.example.com", "credentials"],
    ["https://auth.example.com/?x=1", "query"],
  ])("refuses %s", (value, reason) => {
    expect(() => parseBaseUrl(value)).toThrow(reason);
  });
});
