/**
 * Issue 34, item 6: a player sees where their account is signed in and ends those sessions. The
 * store's header links to the sign-in service's page (GET /auth/sessions), which lists each
 * browser with its device and last use and signs out one, every other one, or everywhere.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "../../browser/store/i18n.ts";
import { LANGUAGES } from "../../src/auth/i18n.ts";
import { SESSIONS_STRINGS } from "../../src/auth/sessions-strings.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { openAs } from "./support/sso.ts";
import { appUserHandOver, poll } from "./support/store-page.ts";

// Port 8862 belongs to this file.
const PORT = testPort(8862);

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

let platform: RunningWorker;
let browser: Browser;
let store: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  store = `${platform.url}/store`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await platform?.stop();
});

/** A browser of the player's own (its user agent names the device), signed in to `target` through a hand-over. */
async function device(idToken: string, userAgent: string, target: string, name: string): Promise<Page> {
  const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  screenshotOnFailure(page, `account-sessions-${name}`);
  await openAs(page, platform.url, idToken, target);
  return page;
}

/** A new player with the documents accepted: their ID token. */
async function newPlayer(): Promise<string> {
  return (await appUserHandOver(platform.url, `${store}/`)).idToken;
}

/** Whether the browser's SSO session still signs it in: /login sends it straight back to the store. */
async function stillSignedIn(page: Page): Promise<boolean> {
  const login = `${platform.url}/auth/login?${new URLSearchParams({ client_id: "store", redirect_uri: `${store}/` })}`;
  await page.goto(login);
  await page.waitForLoadState("load");
  return page.url().startsWith(`${store}/`);
}

async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    const [scrollWidth, viewportWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth as number);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const entry = (page: Page, device: string) =>
  page.locator(".session").filter({ has: page.locator(".device-name", { hasText: device }) });

describe("a player's signed-in devices", () => {
  it("opens from the store's header in the store's language, lists each device, and Sign out ends that one's session", async () => {
    const idToken = await newPlayer();
    const home = `${store}/?currency=hkd&locale=ja`;
    const phone = await device(idToken, SAFARI_IOS, home, "phone");
    await poll(() => phone.getByTestId("balance").getAttribute("data-balance")).toBe("0");
    const laptop = await device(idToken, FIREFOX_LINUX, home, "laptop");
    await poll(() => laptop.getByTestId("balance").getAttribute("data-balance")).toBe("0");

    const ja = messagesFor("ja");
    const t = SESSIONS_STRINGS.ja;
    await laptop.getByRole("navigation", { name: ja.account }).getByRole("link", { name: ja.devices }).click();
    await laptop.waitForURL(`${platform.url}/auth/sessions?**`);
    expect(await laptop.locator("html").getAttribute("lang")).toBe("ja");
    expect(await laptop.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
    const thisBrowser = laptop.locator('.session[data-current="true"]');
    expect(await thisBrowser.locator(".device-name").textContent()).toBe("Linux の Firefox");
    expect(await thisBrowser.textContent()).toContain(t.inUseNow);
    expect(await entry(laptop, "iOS の Safari").textContent()).toContain(t.lastUsed(t.withinTheHour));
    // Nothing on the page is the cookie the browser holds.
    const cookies = await laptop.context().cookies();
    const sessionCookie = cookies.find((cookie) => cookie.name === "auth_session")?.value ?? "";
    expect(sessionCookie).not.toBe("");
    expect(await laptop.content()).not.toContain(sessionCookie);
    await expectAccessibleAtBothWidths(laptop);

    await entry(laptop, "iOS の Safari").getByRole("button", { name: t.signOut }).click();
    await poll(() => laptop.locator("#status").textContent()).toBe(t.done.one);
    expect(await entry(laptop, "iOS の Safari").count()).toBe(0);
    expect(await laptop.getByText(t.noOthers).isVisible()).toBe(true);
    await expectAccessibleAtBothWidths(laptop);

    // The phone's session is over: its next sign-in shows the login page; the laptop's goes on.
    expect(await stillSignedIn(phone)).toBe(false);
    await phone.goto(`${platform.url}/auth/sessions?ui_locales=ja`);
    expect(await phone.getByText(t.signedOut).isVisible()).toBe(true);
    await expectAccessibleAtBothWidths(phone);

    // The way back leads to the store as the player left it: yen never replaces their HK$.
    await laptop.getByRole("link", { name: t.backTo("コインストア") }).click();
    await laptop.waitForURL(`${store}/**`);
    expect(new URL(laptop.url()).searchParams.get("currency")).toBe("hkd");
    await poll(() => laptop.locator('[data-product="web_coins_100"] .price').textContent()).toBe("HK$8.00");
    expect(await laptop.locator("html").getAttribute("lang")).toBe("ja");
    expect(await stillSignedIn(laptop)).toBe(true);
  });

  it("Sign out of all other devices ends the others and keeps this browser signed in", async () => {
    const idToken = await newPlayer();
    const sessions = `${platform.url}/auth/sessions?ui_locales=en`;
    const phone = await device(idToken, SAFARI_IOS, `${store}/`, "others-phone");
    const tablet = await device(idToken, CHROME_ANDROID, `${store}/`, "others-tablet");
    const laptop = await device(idToken, FIREFOX_LINUX, sessions, "others-laptop");
    await laptop.waitForURL(sessions);
    const t = SESSIONS_STRINGS.en;
    await poll(() => laptop.locator(".sessions-list .session").count()).toBe(2);
    await phone.waitForURL(`${store}/**`);
    await tablet.waitForURL(`${store}/**`);

    await laptop.getByRole("button", { name: t.signOutOthers }).click();
    await poll(() => laptop.locator("#status").textContent()).toBe(t.done.others);
    expect(await laptop.locator(".sessions-list .session").count()).toBe(0);
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(tablet)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(true);
  });

  it("Sign out of this browser signs it out and offers sign-in, which comes back to the list", async () => {
    const idToken = await newPlayer();
    const sessions = `${platform.url}/auth/sessions?ui_locales=en&client_id=store`;
    const laptop = await device(idToken, FIREFOX_LINUX, sessions, "this-laptop");
    await laptop.waitForURL(sessions);
    const t = SESSIONS_STRINGS.en;
    await laptop.getByRole("button", { name: t.signOutThis }).click();
    await poll(() => laptop.locator("#status").textContent()).toBe(t.done.this);
    expect((await laptop.context().cookies()).some((cookie) => cookie.name === "auth_session")).toBe(false);
    await laptop.getByRole("link", { name: t.signIn }).click();
    await laptop.waitForURL(`${platform.url}/auth/login?**`);
    expect(new URL(laptop.url()).searchParams.get("redirect_uri")).toBe(sessions);
  });

  it("speaks each of the five languages at 360 and 1280 px, with no serious axe finding", async () => {
    const idToken = await newPlayer();
    const laptop = await device(idToken, FIREFOX_LINUX, `${store}/`, "languages-laptop");
    await device(idToken, SAFARI_IOS, `${store}/`, "languages-phone");
    await poll(() => laptop.getByTestId("balance").getAttribute("data-balance")).toBe("0");
    for (const language of LANGUAGES) {
      await laptop.goto(`${platform.url}/auth/sessions?ui_locales=${language}`);
      const t = SESSIONS_STRINGS[language];
      expect(await laptop.locator("html").getAttribute("lang")).toBe(language);
      expect(await laptop.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
      await poll(() => laptop.locator(".sessions-list .session").count()).toBe(1);
      expect(await laptop.getByRole("button", { name: t.signOutOthers }).isVisible()).toBe(true);
      await expectAccessibleAtBothWidths(laptop);
    }
  });
});
