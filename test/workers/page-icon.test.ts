import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://localhost:8787";

/** The icon a page links, resolved against the page's URL. */
function iconOf(html: string, pageUrl: string): string {
  const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(html)?.[1];
  expect(href, `${pageUrl} links no icon`).toBeTruthy();
  return new URL(href ?? "", pageUrl).href;
}

/** Whether the page's Content-Security-Policy lets the browser load the icon (img-src). */
function policyAllowsImage(policy: string | null, pageUrl: string, iconUrl: string): boolean {
  if (policy === null) return true;
  const directives = policy.split(";").map((part) => part.trim().split(/\s+/));
  const sources = (
    directives.find(([name]) => name === "img-src") ??
    directives.find(([name]) => name === "default-src") ?? ["", "'none'"]
  ).slice(1);
  return sources.some((source) =>
    source === "'self'" ? new URL(iconUrl).origin === new URL(pageUrl).origin : iconUrl.startsWith(source),
  );
}

describe("every page has the platform's icon", () => {
  it.each([
    ["the dev index", `${ORIGIN}/`],
    ["the login page", `${ORIGIN}/auth/login?client_id=store&redirect_uri=${encodeURIComponent(`${ORIGIN}/store/`)}`],
    ["the publish-token page", `${ORIGIN}/auth/publish-tokens`],
    ["a legal document", `${ORIGIN}/auth/legal/privacy/latest`],
    ["the unknown-document page", `${ORIGIN}/auth/legal/cookie_policy/latest`],
    ["the ordering page", `${ORIGIN}/backend/admin/product-order`],
    ["the store", `${ORIGIN}/store/`],
  ])("%s links it, its policy allows it, and it is served as SVG", async (_name, pageUrl) => {
    const page = await exports.default.fetch(pageUrl, { headers: { accept: "text/html" } });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const icon = iconOf(await page.text(), pageUrl);
    expect(policyAllowsImage(page.headers.get("content-security-policy"), pageUrl, icon)).toBe(true);
    const served = await exports.default.fetch(icon);
    expect(served.status, icon).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await served.text()).toMatch(/^<svg /);
  });
});
