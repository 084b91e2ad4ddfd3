import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog.ts";
import { LANGUAGES, STRINGS } from "../../src/auth/i18n.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { executeD1 } from "./support/d1.ts";
import { startPlatform, startTargetSite, type TargetSite, waitForFreePort } from "./support/platform.ts";

const PLATFORM_PORT = testPort(8801);
const TARGET_PORT = testPort(8803);
const PASSWORD = "correct horse battery staple";

let platform: Awaited<ReturnType<typeof startPlatform>>;
let target: TargetSite;
let browser: Browser;
let context: BrowserContext;
let auth: string;
let idp: string;

beforeAll(async () => {
  await Promise.all([waitForFreePort(PLATFORM_PORT), waitForFreePort(TARGET_PORT)]);
  platform = await startPlatform(PLATFORM_PORT);
  auth = `${platform.url}/auth`;
  idp = `${platform.url}/idp`;
  target = await startTargetSite(TARGET_PORT, { authUrl: auth, idpApiUrl: idp, apiKey: "dev-api-key" });
  browser = await launchChromium();
  context = await browser.newContext({ locale: "en-US" });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([platform?.stop(), target?.stop()]);
});

/** An account at the dev IdP that accepted an older, substantively revised version of the terms. */
async function accountWithOldTerms(email: string): Promise<string> {
  const res = await fetch(`${idp}/v1/accounts:signUp?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  const { localId } = (await res.json()) as { localId: string };
  const privacy = currentVersion(DOCUMENT_CATALOG, "privacy", Date.now()).version;
  const sql = [
    `INSERT INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES ('${localId}', 'app_terms', '2025-06-01', 0, 'auth_signup')`,
    `INSERT INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES ('${localId}', 'privacy', '${privacy}', 0, 'auth_signup')`,
  ].join("; ");
  executeD1(platform.stateDir, "AUTH_DB", sql);
  return localId;
}

/** The funnel records the page sent to /api/log (beacon or fetch). */
function logRecords(page: Page): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${auth}/api/log`) {
      records.push(...(JSON.parse(request.postData() ?? "[]") as Record<string, unknown>[]));
    }
  });
  return records;
}

const loginUrl = () =>
  `${auth}/login?${new URLSearchParams({ redirect_uri: `${target.origin}/after`, client_id: "venue-admin" })}`;

describe("consent on the login page (browser)", () => {
  it("each consent box links to its document, opened in a new tab without losing the page's state", async () => {
    const page = await context.newPage();
    screenshotOnFailure(page, "consent-links");
    await page.goto(loginUrl());
    await page.getByLabel("Email").fill("kept@example.com");
    await page.getByLabel("Privacy Policy").check();
    for (const key of ["app_terms", "privacy"]) {
      const link = page.locator(`fieldset.consent a[href="${auth}/legal/${key}/latest?lang=en"]`);
      expect(await link.getAttribute("target")).toBe("_blank");
    }
    const [legal] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: "Terms of Service" }).click(),
    ]);
    await legal.waitForLoadState();
    const version = currentVersion(DOCUMENT_CATALOG, "app_terms", Date.now()).version;
    expect(await legal.locator(".version").textContent()).toContain(version);
    expect(legal.url()).toBe(`${auth}/legal/app_terms/latest?lang=en`);
    await legal.close();
    expect(await page.getByLabel("Email").inputValue()).toBe("kept@example.com");
    expect(await page.getByLabel("Privacy Policy").isChecked()).toBe(true);
    await page.close();
  });

  it("asks for the revised terms in a blocking prompt: declining signs nobody in, accepting continues to the target", async () => {
    const email = `reconsent-${Date.now()}@example.com`;
    await accountWithOldTerms(email);
    const page = await context.newPage();
    screenshotOnFailure(page, "reconsent");
    const records = logRecords(page);
    const current = currentVersion(DOCUMENT_CATALOG, "app_terms", Date.now());

    await page.goto(loginUrl());
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Updated documents" });
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe(
      `${auth}/legal/app_terms/latest?lang=en`,
    );
    expect(await dialog.textContent()).toContain(current.summary.en);
    expect(await dialog.locator("time").textContent()).toBe(current.effectiveAt);
    expect(await dialog.textContent()).not.toContain("Privacy Policy");

    await dialog.getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("you were not signed in");
    expect(page.url().startsWith(auth)).toBe(true);
    expect((await context.cookies(auth)).find((cookie) => cookie.name === "auth_session")).toBeUndefined();

    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Accept and continue" }).click();
    await page.waitForURL(`${target.origin}/after?**`);
    expect((await context.cookies(auth)).find((cookie) => cookie.name === "auth_session")).toBeDefined();

    // The funnel: a refused attempt and a completed one, by email and password. The page sends the
    // success record as it leaves, so wait for that request rather than read the list at once.
    const actions = () =>
      records.map((r) => {
        const evt = r.evt as { name: string; action: string; outcome: string };
        return `${evt.name} ${evt.action} ${evt.outcome}`;
      });
    await expect.poll(actions, { timeout: 10_000 }).toContain("email_password sign_in success");
  });
});

describe("the consent box as a phone shows it", () => {
  // The legend is the box's heading: a legend that wraps (ja at 360 px) would otherwise sit half
  // above the box's top border.
  for (const language of LANGUAGES) {
    it(`keeps its legend inside the box at 360 px (${language}), and the page does not scroll sideways`, async () => {
      const phone = await browser.newContext({ locale: "en-US", viewport: { width: 360, height: 740 } });
      const page = await phone.newPage();
      screenshotOnFailure(page, `consent-legend-${language}`);
      try {
        await page.goto(`${loginUrl()}&ui_locales=${language}`);
        const box = page.locator("fieldset.consent");
        const legend = box.locator("legend");
        expect(await legend.textContent()).toBe(STRINGS[language].consentIntro);
        const [outer, inner, border] = await Promise.all([
          box.boundingBox(),
          legend.boundingBox(),
          box.evaluate((element) => Number.parseFloat(getComputedStyle(element).borderTopWidth)),
        ]);
        if (!outer || !inner) throw new Error("the consent box is not rendered");
        expect(inner.y).toBeGreaterThanOrEqual(outer.y + border);
        expect(inner.x).toBeGreaterThanOrEqual(outer.x);
        expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
        expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await phone.close();
      }
    });
  }
});
