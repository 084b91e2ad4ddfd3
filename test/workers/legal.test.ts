import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import { AUTH, openLoginPage, platform, STORE_TARGET } from "./auth-support";

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
      expect(page).toMatch(/<article lang="en"><p>/);
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

  it("shows the document in the language asked for where it has one", async () => {
    const res = await platform(`${AUTH}/legal/app_terms/latest?lang=ja`, { headers: { "accept-language": "en" } });
    expect(res.headers.get("content-language")).toBe("ja");
    expect(res.headers.get("vary")).toMatch(/accept-language/i);
    const page = await res.text();
    expect(page).toContain('<html lang="ja">');
    expect(page).toContain('<h1 lang="ja">利用規約</h1>');
    expect(page).toMatch(/バージョン <span class="version-number">[0-9-]+<\/span>（<time/);
    expect(page).not.toContain('class="notice"');
    const byHeader = await (
      await platform(`${AUTH}/legal/privacy/latest`, { headers: { "accept-language": "ja-JP" } })
    ).text();
    expect(byHeader).toContain("プライバシーポリシー");
  });

  it("says so, in the reader's language, where the document has no text in it, and shows the English one", async () => {
    const ko = await platform(`${AUTH}/legal/app_terms/latest?lang=ko`);
    expect(ko.headers.get("content-language")).toBe("en");
    const koPage = await ko.text();
    expect(koPage).toContain('<html lang="ko">');
    expect(koPage).toContain('<h1 lang="en">Terms of Service</h1>');
    expect(koPage).toContain(
      '<p class="notice" role="note">이 문서는 한국어 버전이 없어 영어 버전으로 표시합니다.</p>',
    );
    expect(koPage).toContain("버전 <span");

    const zhTW = await (
      await platform(`${AUTH}/legal/privacy/latest`, { headers: { "accept-language": "zh-TW,zh;q=0.9" } })
    ).text();
    expect(zhTW).toContain('<p class="notice" role="note">本文件沒有繁體中文版本，現顯示英文版本。</p>');
    const paidJa = await (await platform(`${AUTH}/legal/paid_release/latest?lang=ja`)).text();
    expect(paidJa).toContain("この文書には日本語版がないため、英語版を表示しています。");
    expect(paidJa).toContain('<article lang="en">');
  });

  it("English asked for, or a language the service does not speak: English, no notice", async () => {
    for (const lang of ["en", "fr"]) {
      const page = await (await platform(`${AUTH}/legal/app_terms/latest?lang=${lang}`)).text();
      expect(page, lang).toContain('<html lang="en">');
      expect(page, lang).not.toContain('class="notice"');
    }
  });

  it("answers a browser's unknown document key with a 404 page that links the documents there are", async () => {
    for (const accept of ["text/html,application/xhtml+xml,*/*;q=0.8", "*/*", ""]) {
      const res = await platform(`${AUTH}/legal/cookie_policy/latest`, { headers: accept ? { accept } : {} });
      expect(res.status, accept).toBe(404);
      expect(res.headers.get("content-type"), accept).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const page = await res.text();
      expect(page).toContain("<h1>No such document</h1>");
      expect(page).toContain("<code>cookie_policy</code>");
      for (const key of ["app_terms", "privacy", "paid_release"]) {
        expect(page).toContain(`<a href="${AUTH}/legal/${key}/latest">`);
      }
    }
  });

  it("answers a client that asks for JSON with the JSON error unknown_document", async () => {
    const res = await platform(`${AUTH}/legal/cookie_policy/latest`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({
      error: "unknown_document",
      message: expect.stringContaining("cookie_policy"),
    });
  });

  it("shows a key that is not a word as text, never as markup", async () => {
    const res = await platform(`${AUTH}/legal/${encodeURIComponent("<script>x</script>")}/latest`);
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).not.toContain("<script>x</script>");
    expect(page).toContain("&lt;script&gt;x&lt;/script&gt;");
  });
});

describe("login page consent boxes", () => {
  it("link each required document to /legal/{key}/latest in a new tab", async () => {
    const { page } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "portal" });
    for (const key of ["portal_terms", "privacy"]) {
      expect(page).toMatch(
        new RegExp(`<a href="${AUTH}/legal/${key}/latest\\?lang=en" target="_blank" rel="noopener">`),
      );
    }
  });
});
