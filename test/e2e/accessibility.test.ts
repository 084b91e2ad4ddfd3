/**
 * axe-core (the npm package, injected into each page; nothing downloaded) on the pages a person
 * meets first: the store, the login page, a game's lobby, the publish-token page, the ordering
 * page and the legal documents. A serious or critical violation fails the page's test, listed as
 * page, rule, impact and the elements it found. And the legal pages as a phone shows them.
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
import { openAs, seededIdToken } from "./support/sso.ts";

// Port 8850 belongs to this test.
const PORT = testPort(8850);

let platform: RunningWorker;
let browser: Browser;
let lobbyUrl: string;

/** A private room's lobby (quick play would seat the visitor and leave) of a tic-tac-toe revision published by user@example.com. */
async function publishedLobbyUrl(): Promise<string> {
  const idToken = await seededIdToken(platform.url, "user@example.com");
  const created = await fetch(`${platform.url}/auth/api/publish-tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "accessibility test" }),
  });
  const { token } = (await created.json()) as { token: string };
  const report = await publish({
    dir: path.join(projectRoot, "examples/tic-tac-toe"),
    target: { token, tokenSource: "test", authUrl: `${platform.url}/auth`, apiUrl: `${platform.url}/backend` },
    log: () => {},
    progress: () => {},
  });
  return `${platform.url}/rooms/lobby/${report.revisionId}/?private=1`;
}

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  browser = await launchChromium();
  lobbyUrl = await publishedLobbyUrl();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** A browser of its own at a phone's or a desktop's width, its page shot if the test fails. */
async function newPage(name: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  screenshotOnFailure(page, `a11y-${name}-${width}`);
  return page;
}

/** The page is no wider than the window: nothing to scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Each page in the state a person meets it, ready for axe. */
const PAGES: Record<string, (page: Page) => Promise<void>> = {
  async store(page) {
    await openAs(
      page,
      platform.url,
      await seededIdToken(platform.url, "premium@example.com"),
      `${platform.url}/store/`,
    );
    await page.getByTestId("premium").waitFor();
    await page.locator(".products li").first().waitFor();
  },
  async login(page) {
    const store = encodeURIComponent(`${platform.url}/store/`);
    await page.goto(`${platform.url}/auth/login?client_id=store&redirect_uri=${store}`);
    await page.getByLabel("Terms of Service").waitFor();
  },
  async lobby(page) {
    await openAs(page, platform.url, await seededIdToken(platform.url, "user@example.com"), lobbyUrl);
    await page.waitForSelector('#seats li:not([data-state="unknown"])');
  },
  async "publish-token page"(page) {
    await openAs(
      page,
      platform.url,
      await seededIdToken(platform.url, "user@example.com"),
      `${platform.url}/auth/publish-tokens`,
    );
    await page.waitForSelector("#create:not([hidden])");
    await page.fill("#name", "axe");
    await page.getByRole("button", { name: "Create token" }).click();
    await page.waitForSelector("#created:not([hidden])");
    await expect.poll(() => page.textContent("#status")).toBe("Token created.");
  },
  async "publish-token page's revoke dialog"(page) {
    await PAGES["publish-token page"]?.(page);
    await page.getByRole("button", { name: "Revoke axe" }).first().click();
    await page.getByRole("dialog").waitFor();
  },
  async "ordering page"(page) {
    const pageUrl = `${platform.url}/backend/admin/product-order`;
    await openAs(page, platform.url, await seededIdToken(platform.url, "admin@example.com"), pageUrl);
    await page.waitForSelector("#products li");
  },
  async "ordering page, refused"(page) {
    const pageUrl = `${platform.url}/backend/admin/product-order`;
    await openAs(page, platform.url, await seededIdToken(platform.url, "user@example.com"), pageUrl);
    await expect.poll(() => page.textContent("#error")).toMatch(/admin role/);
  },
  async "legal document"(page) {
    await page.goto(`${platform.url}/auth/legal/privacy/latest`);
  },
  async "unknown legal document"(page) {
    await page.goto(`${platform.url}/auth/legal/cookie_policy/latest`);
  },
};

describe("no serious or critical axe-core violation", () => {
  for (const [name, open] of Object.entries(PAGES)) {
    it.each([360, 1280])(`on the ${name} at %i px`, async (width) => {
      const page = await newPage(name.replace(/\W+/g, "-"), width);
      await open(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe("the legal pages in a phone's browser", () => {
  it("keep the version and the effective date each on one line at 360 px", async () => {
    const page = await newPage("legal-dates", 360);
    for (const key of ["privacy", "app_terms", "additional_content_paid_release"]) {
      await page.goto(`${platform.url}/auth/legal/${key}/latest`);
      const lines = await page.$$eval(".version-number, .version time", (parts) =>
        parts.map((part) => part.getClientRects().length),
      );
      expect(lines, key).toEqual([1, 1]);
      expect(await sidewaysOverflow(page)).toBe(0);
    }
    await page.context().close();
  });

  it("answer an unknown key with a page saying so and linking the documents there are", async () => {
    const page = await newPage("legal-unknown", 360);
    const response = await page.goto(`${platform.url}/auth/legal/terms_of_use/latest`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No such document");
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(`${platform.url}/auth/legal/privacy/latest`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Privacy Policy");
    await page.context().close();
  });
});
