/**
 * The CLI follows the port (issue 34, item 3): on a platform that is not on 8787, the publish-token
 * page shows the exact `npx scenario login --token … --platform …` line beside the CI settings; run
 * as shown, it saves the platform's URLs, and `scenario publish` then publishes there with no URL
 * flag or variable. `--platform` alone does the same. axe on the page with the line shown.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { authorWithToken, scenario } from "./support/publish-cli.ts";
import { openAs, seededIdToken } from "./support/sso.ts";

// Port 8855 belongs to this test.
const PORT = testPort(8855);

let platform: RunningWorker;
let browser: Browser;
let pageUrl: string;
const configDirs: string[] = [];

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  pageUrl = `${platform.url}/auth/publish-tokens`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  for (const dir of configDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * `scenario <args>` as an author runs it in a shell of their own: a fresh home, and no
 * SCENARIO_* variable saying where the platform is.
 */
function author() {
  const configDir = mkdtempSync(path.join(tmpdir(), "scenario-platform-"));
  configDirs.push(configDir);
  const run = (args: string[]) =>
    scenario({ platformUrl: platform.url, configDir }, args, { SCENARIO_AUTH_URL: "", SCENARIO_API_URL: "" });
  return { run, config: () => JSON.parse(readFileSync(path.join(configDir, "config.json"), "utf8")) };
}

/** The token page signed in, at a width, with a token just created. */
async function pageWithNewToken(width: number): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  context.setDefaultTimeout(20_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: platform.url });
  const page = await context.newPage();
  screenshotOnFailure(page, `cli-platform-${width}`);
  await openAs(page, platform.url, await seededIdToken(platform.url, "user@example.com"), pageUrl);
  await page.waitForSelector("#create:not([hidden])");
  await page.fill("#name", `laptop at ${width}`);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect.poll(() => page.textContent("#status")).toBe("Token created.");
  return { page, token: await page.inputValue("#created-token") };
}

/** The page is no wider than the window: nothing to scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the CLI on a platform that is not on port 8787", () => {
  it("publishes after the npx scenario login line the publish-token page shows, copied with Copy line", async () => {
    expect(new URL(platform.url).port).not.toBe("8787");
    const { page, token } = await pageWithNewToken(1280);
    const line = `npx scenario login --token ${token} --platform ${platform.url}`;
    expect(await page.textContent("#login-command")).toBe(line);
    await page.getByRole("button", { name: "Copy line" }).click();
    await expect.poll(() => page.textContent("#status")).toBe("Copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    // Beside it, what a CI job sets.
    const ci = await page.textContent("#created .ci");
    expect(ci).toContain("SCENARIO_PUBLISH_TOKEN");
    expect(ci).toContain(`SCENARIO_AUTH_URL=${platform.url}/auth`);
    expect(ci).toContain(`SCENARIO_API_URL=${platform.url}/backend`);

    const { run, config } = author();
    const [npx, command, ...args] = line.split(" ");
    expect([npx, command]).toEqual(["npx", "scenario"]);
    const login = await run(args);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`signs in at ${platform.url}/auth and uploads to ${platform.url}/backend`);
    expect(config()).toEqual({ token, authUrl: `${platform.url}/auth`, apiUrl: `${platform.url}/backend` });

    const published = await run(["publish", "examples/tic-tac-toe"]);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toMatch(new RegExp(`play: ${platform.url}/rooms/play/tic-tac-toe-[0-9a-f]+/`));
    await page.context().close();
  });

  it("shows the token and its line only in the box of the new token, and nowhere once it is revoked", async () => {
    const served = await (await fetch(pageUrl)).text();
    expect(served).not.toContain("sgpt_");
    const { page, token } = await pageWithNewToken(1280);
    const shownIn = await page.evaluate(
      (secret) =>
        Array.from(document.querySelectorAll("body *"))
          .filter((element) =>
            Array.from(element.childNodes).some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes(secret),
            ),
          )
          .map((element) => element.closest("section")?.id ?? element.tagName)
          .concat(
            Array.from(document.querySelectorAll("input"))
              .filter((input) => input.value.includes(secret))
              .map((input) => input.closest("section")?.id ?? "input"),
          ),
      token,
    );
    expect(new Set(shownIn)).toEqual(new Set(["created"]));
    await page.getByRole("button", { name: `Revoke laptop at 1280` }).first().click();
    await page.getByRole("button", { name: "Revoke token" }).click();
    await expect.poll(() => page.textContent("#status")).toBe("Token revoked.");
    expect(await page.content()).not.toContain(token);
    expect(await page.textContent("#login-command")).toBe("");
    expect(await page.inputValue("#created-token")).toBe("");
    await page.context().close();
  });

  it.each([360, 1280])("fits the line and its button on the screen at %i px, and passes axe", async (width) => {
    const { page } = await pageWithNewToken(width);
    expect(await sidewaysOverflow(page)).toBe(0);
    const button = await page.getByRole("button", { name: "Copy line" }).boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(width);
    // The line wraps between its words: "--token" and "--platform" are never split after their dashes.
    const flags = await page.$$eval("#login-command .word", (words) =>
      words.filter((word) => word.textContent?.startsWith("--")).map((word) => word.getClientRects().length),
    );
    expect(flags).toEqual([1, 1]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("learns the URLs from --platform alone, for login and for publish", async () => {
    const { token } = await authorWithToken(platform.url);
    const { run, config } = author();
    const login = await run(["login", "--token", token, "--platform", `${platform.url}/`]);
    expect(login.code, login.stderr).toBe(0);
    expect(config()).toMatchObject({ authUrl: `${platform.url}/auth`, apiUrl: `${platform.url}/backend` });

    const other = author();
    const published = await other.run(["publish", "examples/coin-chase", "--platform", platform.url]);
    // No token on this machine: the message names this platform's token page, not 8787's.
    expect(published.code).toBe(1);
    expect(published.stderr).toContain(`create one at ${platform.url}/auth/publish-tokens`);
  });
});
