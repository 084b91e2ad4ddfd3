/**
 * Every base URL and link leads somewhere (issue 34, item 2): each app's base, with and without
 * its slash, shows a browser a page of the platform's look listing its pages, in the language of
 * the app's other pages; a program still gets the JSON 404. The dev index page links the pages a
 * person uses, a published scenario's play link among them, and fits a phone. axe on every page
 * at 360 and 1280 px.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publish } from "../../tools/cli/publish.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { authorWithToken } from "./support/publish-cli.ts";

// Port 8854 belongs to this test.
const PORT = testPort(8854);

let platform: RunningWorker;
let browser: Browser;
/** The play link of a tic-tac-toe revision published before the tests. */
let playUrl: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  browser = await launchChromium();
  const { token } = await authorWithToken(platform.url);
  const report = await publish({
    dir: path.join(projectRoot, "examples/tic-tac-toe"),
    target: { token, tokenSource: "test", authUrl: `${platform.url}/auth`, apiUrl: `${platform.url}/backend` },
    log: () => {},
    progress: () => {},
  });
  playUrl = report.playUrl;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** A browser of its own at a width (and language), its page shot if the test fails. */
async function newPage(name: string, width: number, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  screenshotOnFailure(page, `base-pages-${name}-${width}`);
  return page;
}

/** The page is no wider than the window: nothing to scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const BASES = [
  ["/auth", "Sign-in service"],
  ["/backend", "Main backend"],
  ["/rooms", "Multiplayer rooms"],
  ["/idp", "Identity provider stand-in (dev only)"],
  ["/payments", "Payment provider stand-in (dev only)"],
] as const;

describe("an app's base URL in a browser", () => {
  for (const [base, title] of BASES) {
    it.each([360, 1280])(
      `${base} and ${base}/ show the app's pages at %i px, fit the screen and pass axe`,
      async (width) => {
        const page = await newPage(base.slice(1), width);
        for (const url of [`${platform.url}${base}`, `${platform.url}${base}/`]) {
          const response = await page.goto(url);
          expect(response?.status(), url).toBe(200);
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
          expect(await page.getByRole("link", { name: "Service status" }).getAttribute("href")).toBe(
            `${platform.url}${base}/health`,
          );
          // The platform's look: its stylesheet applied (the page kit's font and the base page's cards).
          expect(await page.$eval("li", (item) => getComputedStyle(item).borderTopStyle)).toBe("solid");
          expect(await sidewaysOverflow(page)).toBe(0);
          expect(await seriousViolations(page)).toEqual([]);
        }
        await page.context().close();
      },
    );
  }

  it("leads from the sign-in service's base to its pages, in the reader's language", async () => {
    const page = await newPage("auth-ja", 360, "ja-JP");
    await page.goto(`${platform.url}/auth/`);
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("ログインサービス");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole("link", { name: "プライバシーポリシー" }).click();
    await page.waitForURL(`${platform.url}/auth/legal/privacy/latest?lang=ja`);
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    await page.goBack();
    await page.getByRole("link", { name: "コインストアにログイン" }).click();
    await page.waitForURL(`${platform.url}/auth/login?**`);
    expect(new URL(page.url()).searchParams.get("client_id")).toBe("store");
    await page.getByRole("button", { name: /user@example\.com/ }).waitFor();
    await page.context().close();
  });

  it("lists the play link of what was published on this machine on the rooms' base page", async () => {
    const page = await newPage("rooms-published", 1280);
    await page.goto(`${platform.url}/rooms`);
    await page.getByRole("link", { name: "Tic-tac-toe" }).first().click();
    await page.waitForURL(`${platform.url}/auth/login?**`);
    expect(new URL(page.url()).searchParams.get("redirect_uri")).toContain(new URL(playUrl).pathname.split("/")[3]);
    await page.context().close();
  });

  it("keeps the JSON 404 for a program", async () => {
    for (const [base] of BASES) {
      const response = await fetch(`${platform.url}${base}`, { headers: { accept: "application/json" } });
      expect(response.status, base).toBe(404);
      expect(await response.json()).toMatchObject({ error: "not_found" });
    }
  });
});

describe("the dev index page", () => {
  it.each([360, 1280])("links the pages a person uses, fits the screen and passes axe at %i px", async (width) => {
    const page = await newPage("index", width);
    await page.goto(`${platform.url}/`);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const href = (name: string) => page.getByRole("link", { name, exact: true }).getAttribute("href");
    expect(await href("Coin store")).toBe(`${platform.url}/store/`);
    expect(await href("Publish tokens")).toBe(`${platform.url}/auth/publish-tokens`);
    expect(await href("Signed-in devices")).toBe(`${platform.url}/auth/sessions`);
    expect(await href("Product order")).toBe(`${platform.url}/backend/admin/product-order`);
    expect(await href("Sign in")).toContain(`${platform.url}/auth/login?client_id=store`);
    expect(await page.getByRole("link", { name: "Tic-tac-toe" }).first().getAttribute("href")).toBe(playUrl);
    for (const [base] of BASES) {
      expect(await page.getByRole("link", { name: `${platform.url}${base}`, exact: true }).getAttribute("href")).toBe(
        `${platform.url}${base}/`,
      );
    }
    await page.context().close();
  });

  it("leads to a page from each of its links", async () => {
    const page = await newPage("index-links", 1280);
    await page.goto(`${platform.url}/`);
    const hrefs = await page.$$eval("main a", (links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) {
      // As a browser asks (the store's page would send the tab on to sign in, so each is fetched).
      const response = await page.request.get(href, { headers: { accept: "text/html" } });
      expect(response.status(), href).toBeLessThan(400);
    }
    await page.context().close();
  });
});
