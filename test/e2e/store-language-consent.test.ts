import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "../../browser/store/i18n.ts";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog.ts";
import { STRINGS } from "../../src/auth/i18n.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { executeD1 } from "./support/d1.ts";
import { signUpByPhone } from "./support/login-page.ts";
import {
  appUserHandOver,
  balanceOf,
  poll,
  type StoreBrowser,
  snapshot,
  startStoreBrowser,
} from "./support/store-page.ts";

let run: StoreBrowser;

beforeAll(async () => {
  // The browser speaks English: what the pages speak below comes from the store's locale.
  run = await startStoreBrowser("en-US");
});

afterAll(async () => {
  await run?.stop();
});

describe("the store's language reaches the sign-in service", () => {
  it("a store in zh-TW signs in on a login page in zh-TW, whose legal links say where a text is not in zh-TW", async () => {
    const { page, platform, store, context } = run;
    screenshotOnFailure(page, "store-zh-TW-login");
    const t = STRINGS["zh-TW"];
    await page.goto(`${store}/?locale=zh-TW&currency=twd`);
    await page.waitForURL(`${platform.url}/auth/login?**`);
    expect(new URL(page.url()).searchParams.get("ui_locales")).toBe("zh-TW");
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-TW");
    // One language in the title and heading: the store's own name in zh-TW, no "Coin store".
    expect(await page.title()).toBe(`${t.title} · ${messagesFor("zh-TW").title}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.signInTo(messagesFor("zh-TW").title));
    expect(await page.getByRole("navigation", { name: t.languageMenu }).getByRole("link").count()).toBe(4);
    await snapshot(page, "login-zh-TW");

    // The terms have no zh-TW text: the page says so in zh-TW and shows the English one.
    const [legal] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: t.documents.app_terms }).click(),
    ]);
    await legal.waitForLoadState();
    expect(await legal.locator("html").getAttribute("lang")).toBe("zh-TW");
    expect(await legal.getByRole("note").textContent()).toBe("本文件沒有繁體中文版本，現顯示英文版本。");
    expect(await legal.getByRole("heading", { level: 1 }).textContent()).toBe("Terms of Service");
    await snapshot(legal, "legal-zh-TW-fallback");
    await legal.close();

    // The menu switches the page to Japanese, whose terms exist in Japanese: no notice there.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: "日本語" }).click();
    await poll(() => page.locator("html").getAttribute("lang")).toBe("ja");
    const [jaLegal] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: STRINGS.ja.documents.app_terms }).click(),
    ]);
    await jaLegal.waitForLoadState();
    expect(await jaLegal.getByRole("heading", { level: 1 }).textContent()).toBe("利用規約");
    expect(await jaLegal.getByRole("note").count()).toBe(0);
    await jaLegal.close();

    // Back in zh-TW, a sign-up on this page returns to the store, still in zh-TW.
    await page.getByRole("link", { name: "繁體中文" }).click();
    await poll(() => page.locator("html").getAttribute("lang")).toBe("zh-TW");
    await signUpByPhone(page, "zh-TW");
    await page.waitForURL(`${store}/**`);
    await poll(() => page.locator(".price").count()).toBe(3);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-TW");
  });
});

describe("re-consent reaches a web user with a live session", () => {
  let fresh: BrowserContext;

  afterAll(async () => {
    await fresh?.close();
  });

  it("a user whose accepted terms were revised since meets the prompt on the store's start; declining keeps the store closed, accepting opens it", async () => {
    const { browser, platform, store } = run;
    // An app user who accepted the terms before a substantive revision: their accepted version is
    // older than the one in force (the ledger is append-only, so this is the row they would have).
    const { code, idToken, localId } = await appUserHandOver(platform.url, `${store}/?locale=ja`, {
      consented: false,
    });
    const current = currentVersion(DOCUMENT_CATALOG, "app_terms", Date.now());
    const privacy = currentVersion(DOCUMENT_CATALOG, "privacy", Date.now()).version;
    executeD1(
      platform.stateDir,
      "AUTH_DB",
      [
        `INSERT INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES ('${localId}', 'app_terms', '2025-06-01', 0, 'auth_signup')`,
        `INSERT INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES ('${localId}', 'privacy', '${privacy}', 0, 'auth_signup')`,
      ].join("; "),
    );
    // The session: the app hands the user over to the store in this browser (store in Japanese).
    fresh = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
    fresh.setDefaultTimeout(10_000);
    const page = await fresh.newPage();
    screenshotOnFailure(page, "store-reconsent");
    await page.goto(`${platform.url}/auth/transfer?code=${code}`);
    await page.click('button[name="decision"][value="continue"]');

    // The store starts: it checks, and goes through /login, which asks in the store's language
    // instead of sending the browser straight back.
    const t = STRINGS.ja;
    await page.waitForURL(`${platform.url}/auth/login?**`);
    const dialog = page.getByRole("dialog", { name: t.reconsent.title });
    await dialog.waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect(await dialog.getByRole("link", { name: t.documents.app_terms }).getAttribute("href")).toBe(
      `${platform.url}/auth/legal/app_terms/latest?lang=ja`,
    );
    expect(await dialog.textContent()).toContain(current.summary.ja);
    await snapshot(page, "reconsent-sso-ja");

    await dialog.getByRole("button", { name: t.reconsent.decline }).click();
    await poll(() => page.getByRole("alert").textContent()).toBe(t.reconsent.declined);
    expect(page.url().startsWith(`${platform.url}/auth/login`)).toBe(true);

    // Declined: the store does not open; coming back asks again.
    await page.goto(`${store}/`);
    await page.waitForURL(`${platform.url}/auth/login?**`);
    await dialog.waitFor();
    await dialog.getByRole("button", { name: t.reconsent.accept }).click();
    await page.waitForURL(`${store}/**`);
    await poll(() => balanceOf(page)).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(messagesFor("ja").title);

    // Recorded for the user: nothing is pending any more, and a reload stays in the store.
    const pending = await fetch(`${platform.url}/auth/api/consent/pending?scope=store`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(await pending.json()).toEqual([]);
    await page.reload();
    await poll(() => balanceOf(page)).toBe(0);
    expect(page.url().startsWith(store)).toBe(true);
  });
});
