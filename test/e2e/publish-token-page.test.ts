import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { openAs, seededIdToken } from "./support/sso.ts";

// Port 8845 belongs to this test.
const PORT = testPort(8845);

let platform: RunningWorker;
let browser: Browser;
let auth: string;
let pageUrl: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  auth = `${platform.url}/auth`;
  pageUrl = `${auth}/publish-tokens`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The page as a seeded account in a browser of its own, signed in and ready. */
async function openPage(name: string, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  await openAs(page, platform.url, await seededIdToken(platform.url, email), pageUrl);
  await page.waitForSelector("#create:not([hidden])");
  expect(page.url()).toBe(pageUrl);
  expect(await page.textContent("#account")).toContain(`Signed in as ${email}.`);
  return page;
}

/** Creates a token on the page; resolves to the plaintext once the page lists it. */
async function createToken(page: Page, name: string): Promise<string> {
  const before = await page.inputValue("#created-token");
  await page.fill("#name", name);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect.poll(() => page.inputValue("#created-token")).not.toBe(before);
  await expect.poll(() => listed(page)).toContain(name);
  await expect.poll(() => page.textContent("#status")).toBe("Token created.");
  return page.inputValue("#created-token");
}

/** The names the page lists. */
const listed = (page: Page) => page.$$eval("#tokens .token-name", (names) => names.map((name) => name.textContent));

/** What the token exchange answers for a plaintext token: 200 while it is active. */
async function exchangeStatus(token: string): Promise<number> {
  const response = await fetch(`${auth}/api/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: token,
      subject_token_type: "urn:ietf:params:oauth:token-type:access_token",
    }),
  });
  return response.status;
}

/** The left border colour of an element, as the browser computed it. */
const borderColor = (page: Page, selector: string) =>
  page.$eval(selector, (element) => getComputedStyle(element).borderLeftColor);
const SUCCESS = "rgb(43, 138, 62)";
const DANGER = "rgb(201, 42, 42)";

/** The page is no wider than the window: nothing to scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the publish-token page", () => {
  it("creates a token shown once with a success notice, asks before revoking, and a revoked token leaves the page", async () => {
    const page = await openPage("publish-token-page", "user@example.com");
    await expect.poll(() => page.textContent("#status")).toBe("");
    const formTop = (await page.locator("#create").boundingBox())?.y;

    const token = await createToken(page, "GitHub Actions");
    expect(token).toMatch(/^sgpt_/);
    expect(await page.isVisible("#created")).toBe(true);
    expect(await listed(page)).toEqual(["GitHub Actions"]);
    // A success is a notice, not an error; and the notice appearing moved nothing below it.
    expect(await page.textContent("#error")).toBe("");
    expect(await borderColor(page, "#status")).toBe(SUCCESS);
    expect((await page.locator("#create").boundingBox())?.y).toBe(formTop);
    expect(await exchangeStatus(token)).toBe(200);

    // Revoke asks first; Cancel keeps the token and gives the focus back to its button.
    const revoke = page.getByRole("button", { name: "Revoke GitHub Actions" });
    await revoke.click();
    const dialog = page.getByRole("dialog", { name: "Revoke “GitHub Actions”?" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await revoke.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await listed(page)).toEqual(["GitHub Actions"]);
    expect(await exchangeStatus(token)).toBe(200);

    // Confirmed, the token stops working and leaves the list and the "Copy the token now" box.
    await revoke.click();
    await dialog.getByRole("button", { name: "Revoke token" }).click();
    await expect.poll(() => page.textContent("#status")).toBe("Token revoked.");
    expect(await page.isHidden("#created")).toBe(true);
    expect(await page.inputValue("#created-token")).toBe("");
    expect(await page.isHidden("#token-list")).toBe(true);
    expect(await exchangeStatus(token)).toBe(400);

    // Revoking an older token leaves the one just created in the box.
    const older = await createToken(page, "old laptop");
    const newer = await createToken(page, "nightly");
    expect(await page.inputValue("#created-token")).toBe(newer);
    await page.getByRole("button", { name: "Revoke old laptop" }).click();
    await page.getByRole("button", { name: "Revoke token" }).click();
    await expect.poll(() => listed(page)).toEqual(["nightly"]);
    expect(await page.textContent("#status")).toBe("Token revoked.");
    expect(await page.inputValue("#created-token")).toBe(newer);
    expect(await exchangeStatus(older)).toBe(400);

    // Coming back later: the SSO session signs the page in again, and the plaintext is gone.
    await page.goto(pageUrl);
    await page.waitForSelector("#create:not([hidden])");
    await expect.poll(() => listed(page)).toEqual(["nightly"]);
    expect(await page.isHidden("#created")).toBe(true);
    await page.context().close();
  });

  it("shows a refusal in the error style, in the same place, and keeps the token", async () => {
    const page = await openPage("publish-token-page-error", "premium@example.com");
    await createToken(page, "CI");
    const formTop = (await page.locator("#create").boundingBox())?.y;
    await page.route(`${pageUrl.replace("/publish-tokens", "/api/publish-tokens")}/*`, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "unavailable", message: "The token store is unavailable." }),
      }),
    );
    await page.getByRole("button", { name: "Revoke CI" }).click();
    await page.getByRole("button", { name: "Revoke token" }).click();
    await expect.poll(() => page.textContent("#error")).toBe("The token store is unavailable.");
    expect(await page.textContent("#status")).toBe("");
    expect(await borderColor(page, "#error")).toBe(DANGER);
    expect(await page.getByRole("alert").textContent()).toBe("The token store is unavailable.");
    expect((await page.locator("#create").boundingBox())?.y).toBe(formTop);
    expect(await listed(page)).toEqual(["CI"]);
    expect(await page.isVisible("#created")).toBe(true);
    await page.context().close();
  });

  it("fits a 360 px screen: no sideways scroll with a token shown, a long name listed and the dialog open", async () => {
    const page = await openPage("publish-token-page-360", "admin@example.com", { width: 360, height: 740 });
    await expect.poll(() => page.textContent("#status")).toBe("");
    const formTop = (await page.locator("#create").boundingBox())?.y;
    await createToken(page, "the nightly publishing job of the studio's main scenario repository");
    expect((await page.locator("#create").boundingBox())?.y).toBe(formTop);
    expect(await sidewaysOverflow(page)).toBe(0);
    const copy = await page.getByRole("button", { name: "Copy", exact: true }).boundingBox();
    expect((copy?.x ?? 0) + (copy?.width ?? 0)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: /^Revoke the nightly/ }).click();
    await page.getByRole("dialog").waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    const dialog = await page.getByRole("dialog").boundingBox();
    expect((dialog?.x ?? 0) + (dialog?.width ?? 0)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
