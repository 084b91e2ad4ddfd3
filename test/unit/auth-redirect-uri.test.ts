import { describe, expect, it } from "vitest";
import { checkRedirectUri, type RedirectPolicy, withQuery } from "../../src/auth/redirect-uri";

const base = { operatorDomains: ["example.com"], previewDomains: ["edge-platform.pages.dev"] };
const prd: RedirectPolicy = { ...base, environment: "prd", mobileScheme: "com.example.game" };
const stg: RedirectPolicy = { ...base, environment: "stg", mobileScheme: "com.example.game.stg" };
const dev: RedirectPolicy = { ...base, environment: "dev", mobileScheme: "com.example.game.dev" };

const allowed = (uri: string, policy: RedirectPolicy) => checkRedirectUri(uri, policy).ok;

describe("redirect_uri allow-list by environment", () => {
  it.each([
    "https://example.com/",
    "https://store.example.com/after-login?x=1",
    "https://a.b.example.com/path",
    "https://STORE.Example.COM/",
    "com.example.game://auth",
    "com.example.game://auth?state=1",
  ])("prd accepts %s", (uri) => expect(allowed(uri, prd)).toBe(true));

  it.each([
    "https://stg.store.example.com/",
    "https://dev.store.example.com/",
    "com.example.game.stg://auth",
    "com.example.game.dev://auth",
    "http://localhost:3000/",
    "https://[::1]/",
    "https://pr-12.edge-platform.pages.dev/",
  ])("prd refuses %s (other environments' targets)", (uri) => expect(allowed(uri, prd)).toBe(false));

  it.each(["https://stg.store.example.com/", "https://stg.example.com/", "com.example.game.stg://auth"])(
    "stg accepts %s",
    (uri) => expect(allowed(uri, stg)).toBe(true),
  );

  it.each([
    "https://store.example.com/",
    "https://dev.store.example.com/",
    "https://stg.dev.store.example.com/",
    "com.example.game://auth",
    "http://localhost:3000/",
    "https://pr-1.edge-platform.pages.dev/",
  ])("stg refuses %s", (uri) => expect(allowed(uri, stg)).toBe(false));

  it.each([
    "https://dev.store.example.com/",
    "http://localhost:3000/app",
    "http://localhost/",
    "http://127.0.0.1:8803/",
    "http://[::1]:5173/",
    "https://localhost:8443/",
    "https://pr-12.edge-platform.pages.dev/",
    "https://a.b.edge-platform.pages.dev/x",
    "com.example.game.dev://auth",
  ])("dev accepts %s", (uri) => expect(allowed(uri, dev)).toBe(true));

  it.each([
    "https://store.example.com/",
    "https://stg.store.example.com/",
    "http://dev.store.example.com/",
    "https://edge-platform.pages.dev/",
    "https://other-project.pages.dev/",
    "com.example.game://auth",
  ])("dev refuses %s", (uri) => expect(allowed(uri, dev)).toBe(false));
});

// Attack corpus: every entry must be refused in every environment (hosts adapted to the prefix).
const ATTACKS = [
  "https://example.com.evil.com/",
  "https://store.example.com.evil.com/",
  "https://evilexample.com/",
  "https://store-example.com/",
  "https://example.co/",
  "https://example.com./",
  "https://store.example.com./x",
  "https://store.example.com../",
  "https://store.example.com@evil.com/",
  "https://evil.com@store.example.com/",
  "https://user:pass@store.example.com/",
  "https://:@store.example.com/",
  "https://evil.com\\@store.example.com/",
  "https://store.example.com\\evil.com/",
  "https:\\\\evil.com/",
  "https:/\\evil.com",
  "https://evil.com\\.example.com/",
  "https://evil.com%2f.example.com/",
  "https://evil.com%2fstore.example.com/",
  "https://evil%2ecom/",
  "https://store.example.com%2e/",
  "https://store%2eexample.com/",
  "https://%65vil.com/",
  "https://evil.com%40store.example.com/",
  "https://evil.com%00.example.com/",
  "https://evil.com\u0000.example.com/",
  "https://evil.com\t.example.com/",
  "https://evil.com\n.example.com/",
  " https://store.example.com/",
  "https://store.example.com /",
  "https://evil.com#.example.com",
  "https://evil.com?.example.com",
  "https://evil.com/.example.com",
  "https://store.example.com:8443/",
  "https://store.example.com:443@evil.com/",
  "http://store.example.com/",
  "//evil.com/",
  "//store.example.com/",
  "/relative/path",
  "store.example.com",
  "javascript:alert(1)//store.example.com",
  "javascript://store.example.com/%0aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "file://store.example.com/etc/passwd",
  "ftp://store.example.com/",
  "ws://store.example.com/",
  "wss://store.example.com/",
  "vbscript:msgbox(1)",
  "https://xn--exmple-cua.com/",
  "https://ехample.com/",
  "https://1.2.3.4/",
  "https://0x7f000001/",
  "https://2130706433/",
  "com.example.game.evil://auth",
  "com.example.game://evil.com",
  "com.example.game://auth@evil.com",
  "com.example.game://auth:80",
  "com.example.gameX://auth",
  "",
  `https://store.example.com/${"a".repeat(2100)}`,
];

describe("redirect_uri attack corpus", () => {
  it("holds at least 40 attack URLs", () => expect(ATTACKS.length).toBeGreaterThanOrEqual(40));

  const withPrefix = (uri: string, prefix: string) => uri.replace(/store\.example\.com/g, `${prefix}store.example.com`);

  it.each(ATTACKS)("prd refuses %j", (uri) => expect(allowed(uri, prd)).toBe(false));
  it.each(ATTACKS)("stg refuses %j (with stg. hosts)", (uri) =>
    expect(allowed(withPrefix(uri, "stg."), stg)).toBe(false),
  );
  it.each(ATTACKS)("dev refuses %j (with dev. hosts)", (uri) =>
    expect(allowed(withPrefix(uri, "dev."), dev)).toBe(false),
  );

  it.each([
    "http://localhost.evil.com/",
    "http://localhost@evil.com/",
    "http://evil.com#@localhost/",
    "http://127.0.0.1.evil.com/",
    "http://evil.edge-platform.pages.dev.evil.com/",
    "https://edge-platform.pages.dev.evil.com/",
    "https://evil-edge-platform.pages.dev/",
  ])("dev refuses the loopback and preview look-alike %j", (uri) => expect(allowed(uri, dev)).toBe(false));

  it("says why a target is refused", () => {
    const result = checkRedirectUri("https://evilexample.com/", prd);
    expect(result).toEqual({ ok: false, reason: "redirect_uri is not on a domain of this service" });
  });
});

describe("withQuery", () => {
  it("adds parameters and keeps the target's own query", () => {
    const url = new URL("https://store.example.com/cb?next=%2Fshop");
    const href = withQuery(url, { idpAuthCustomToken: "a.b.c" });
    const parsed = new URL(href);
    expect(parsed.origin).toBe("https://store.example.com");
    expect(parsed.searchParams.get("next")).toBe("/shop");
    expect(parsed.searchParams.get("idpAuthCustomToken")).toBe("a.b.c");
  });
});
