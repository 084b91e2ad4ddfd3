/**
 * The operator console ({API_URL}/admin/, issue 37) in Chromium, as an operator meets it: signed
 * in through the same SSO as the ordering page, each screen at a phone's 360 px and a desk's
 * 1280 px with no serious or critical axe-core violation and nothing to scroll sideways but its
 * tables, an action done by keyboard alone with its reason, and the 403 page for an account
 * without the admin role.
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

// Port 8866 belongs to this test.
const PORT = testPort(8866);
/** Where the screens are shot for a person to look at (not kept by the test run). */
const SHOTS = process.env.CONSOLE_SHOTS_DIR ?? "";

let platform: RunningWorker;
let browser: Browser;
let consoleUrl: string;
/** user@example.com: a uid with a session, a publish token and consent rows. */
let userUid: string;
let revisionId: string;
let roomId: string;
let seat: WebSocket;

const json = { "content-type": "application/json" };

async function idTokenAndUid(email: string): Promise<{ idToken: string; uid: string }> {
  const idToken = await seededIdToken(platform.url, email);
  const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString()) as { sub: string };
  return { idToken, uid: payload.sub };
}

/** A published tic-tac-toe revision with an app's room of it that one seat is in. */
async function roomWithASeat(idToken: string): Promise<void> {
  const created = await fetch(`${platform.url}/auth/api/publish-tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, ...json },
    body: JSON.stringify({ name: "console test" }),
  });
  const { token } = (await created.json()) as { token: string };
  const report = await publish({
    dir: path.join(projectRoot, "examples/tic-tac-toe"),
    target: { token, tokenSource: "test", authUrl: `${platform.url}/auth`, apiUrl: `${platform.url}/backend` },
    log: () => {},
    progress: () => {},
  });
  revisionId = report.revisionId;
  const players = [{ id: "X" }, { id: "O" }];
  const room = await fetch(`${platform.url}/backend/rooms`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, ...json },
    body: JSON.stringify({ revisionId, players }),
  });
  roomId = ((await room.json()) as { roomId: string }).roomId;
  const query = new URLSearchParams({ seatId: "X", nickname: "Xavier", players: JSON.stringify(players) });
  seat = new WebSocket(`${platform.url.replace("http", "ws")}/rooms/ws/games/${revisionId}/${roomId}?${query}`);
  await new Promise((resolve, reject) => {
    seat.addEventListener("message", resolve, { once: true });
    seat.addEventListener("error", reject, { once: true });
  });
}

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  browser = await launchChromium();
  consoleUrl = `${platform.url}/backend/admin`;
  const user = await idTokenAndUid("user@example.com");
  userUid = user.uid;
  await roomWithASeat(user.idToken);
  // A session of the user's to end: their browser's SSO session.
  const context = await browser.newContext();
  await openAs(await context.newPage(), platform.url, user.idToken, `${platform.url}/store/`);
  await context.close();
}, 180_000);

afterAll(async () => {
  seat?.close();
  await browser?.close();
  await platform?.stop();
});

/**
 * The operator (admin@example.com), signed in once (a hand-over per test would meet the transfer
 * codes' rate limit) in a browser of its own; each test sets its width and starts at the console.
 */
let operatorPage: Page;

async function operatorAt(width: number, name: string): Promise<Page> {
  if (!operatorPage) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    context.setDefaultTimeout(30_000);
    operatorPage = await context.newPage();
    await openAs(operatorPage, platform.url, await seededIdToken(platform.url, "admin@example.com"), `${consoleUrl}/`);
    await operatorPage.waitForURL(`${consoleUrl}/`);
  }
  const page = operatorPage;
  screenshotOnFailure(page, `console-${name}-${width}`);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${consoleUrl}/`);
  await page.getByRole("heading", { level: 1, name: "Find a user" }).waitFor();
  return page;
}

/** Wider than the window, outside the tables (which scroll in their own region). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function checked(page: Page, name: string, width: number): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `console-${name}-${width}.png`), fullPage: true });
}

const SCREENS: Record<string, (page: Page) => Promise<void>> = {
  async search(page) {
    await page.fill("#q", "nobody-here");
    await page.keyboard.press("Enter");
    await page.getByText("Nothing matches").waitFor();
  },
  async user(page) {
    await page.fill("#q", "user@example.com");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${consoleUrl}/users/${userUid}`);
    await page.getByRole("heading", { name: "Sessions" }).waitFor();
  },
  async notices(page) {
    await page.getByRole("link", { name: "Notices" }).click();
    await page.getByRole("heading", { name: "SMS sign-in success rate" }).waitFor();
  },
  async rooms(page) {
    await page.getByRole("link", { name: "Rooms" }).click();
    await page.getByRole("link", { name: revisionId }).click();
    await page.getByRole("cell", { name: roomId }).waitFor();
  },
  async audit(page) {
    await page.getByRole("link", { name: "Audit trail" }).click();
    await page.getByRole("heading", { level: 1, name: "Audit trail" }).waitFor();
  },
};

describe("each screen, at 360 and 1280 px: axe-clean, nothing wider than the window", () => {
  for (const [name, open] of Object.entries(SCREENS)) {
    it.each([360, 1280])(`${name} at %i px`, async (width) => {
      const page = await operatorAt(width, name);
      await open(page);
      await checked(page, name, width);
    });
  }

  it.each([360, 1280])("the 403 page of an account without the admin role at %i px", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    screenshotOnFailure(page, `console-refused-${width}`);
    await openAs(page, platform.url, await seededIdToken(platform.url, "user@example.com"), `${consoleUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Operators only" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("admin_required");
    expect(await page.getByRole("navigation", { name: "Console" }).count()).toBe(0);
    await checked(page, "refused", width);
    await context.close();
  });
});

describe("by keyboard alone", () => {
  it("the skip link, the sections, and an action with its reason: the room paused, the page says so, the trail has it", async () => {
    const page = await operatorAt(1280, "keyboard");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the page");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Find a user");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Rooms");
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: revisionId }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Pause or resume a room" }).waitFor();

    await page.getByLabel("Pause", { exact: true }).focus();
    await page.keyboard.press("Space");
    await page.locator("#pause-reason").focus();
    await page.keyboard.type("checking a report of a stuck game");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("The room is paused; only an operator lifts this pause.");
    expect(await page.getByRole("cell", { name: "paused by an operator" }).count()).toBe(1);

    await page.getByRole("link", { name: "Audit trail" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("cell", { name: "checking a report of a stuck game" }).first().waitFor();
  });
});
