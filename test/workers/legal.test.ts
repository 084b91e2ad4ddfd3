import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { AUTH, platform } from "./auth-support";

describe("GET /legal/{documentKey}/latest", () => {
  it("serves the current text of every document with its version, cacheable", async () => {
    for (const key of ["app_terms", "studio_terms", "portal_terms", "privacy"] as const) {
      const res = await platform(`${AUTH}/legal/${key}/latest`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      const { version } = currentVersion(DOCUMENT_CATALOG, key, Date.now());
      expect(res.headers.get("x-document-version")).toBe(version);
      const page = await res.text();
      expect(page).toContain(`Version <span class="version-number">${version}</span>`);
      expect(page).toMatch(/<article><p>/);
    }
  });

  it("answers 304 to a revalidation with the same ETag", async () => {
    const first = await platform(`${AUTH}/legal/privacy/latest`);
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    const again = await platform(`${AUTH}/legal/privacy/latest`, { headers: { "if-none-match": tag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("serves the paid-release terms the products link to", async () => {
    expect((await platform(`${AUTH}/legal/paid_release/latest`)).status).toBe(200);
  });

  it("answers 404 to an unknown document key", async () => {
    const res = await platform(`${AUTH}/legal/cookie_policy/latest`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "unknown_document" });
  });
});
