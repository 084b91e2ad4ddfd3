import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_LOGIN_STRINGS } from "../../src/auth/dev-login-strings.ts";
import { LANGUAGES } from "../../src/auth/i18n.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { gameFrame, seatOf } from "./support/game-frame.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { scenario } from "./support/publish-cli.ts";

// Every doc's "sign in as ..." step, followed as written in chromium: the page sends the browser
// to the sign-in service as its own client (admin, studio, store, play: none of them shows an
// email form), and in dev the login page offers the dev IdP's seeded accounts.

const PORT = testPort(8801);

let platform: RunningWorker;
let browser: Browser;
/** The scenario CLI's home: where `scenario login` keeps the token. */
let configDir: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  configDir = mkdtempSync(path.join(tmpdir(), "scenario-config-"));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** A fresh browser opens `url`, lands on the login page, and picks the seeded account. */
async function signInAs(url: string, email: string, name: string): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  await page.goto(url);
  await page.waitForURL(`${platform.url}/auth/login?**`);
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
  await page.waitForURL((landed) => !landed.href.startsWith(`${platform.url}/auth/login`));
  return page;
}

describe("seeded accounts sign in where the docs send you (dev)", () => {
  it("docs/ordering.md: the operator page, as admin@example.com", async () => {
    const pageUrl = `${platform.url}/backend/admin/product-order`;
    const page = await signInAs(pageUrl, "admin@example.com", "dev-accounts-product-order");
    try {
      expect(new URL(page.url()).href).toBe(pageUrl);
      await expect
        .poll(() => page.$$eval("#products li", (items) => items.map((item) => (item.textContent ?? "").split(":")[0])))
        .toEqual(["web_coins_100", "web_coins_550", "web_coins_1200"]);
      expect(await page.getByText("lacks the role").count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it("README and docs/publishing.md: a token made on the page as admin@example.com publishes; a player signs in on the play URL as user@example.com and gets a seat", async () => {
    const pageUrl = `${platform.url}/auth/publish-tokens`;
    const page = await signInAs(pageUrl, "admin@example.com", "dev-accounts-publish-tokens");
    let player: Page | undefined;
    try {
      expect(new URL(page.url()).href).toBe(pageUrl);
      await page.getByRole("button", { name: "Create token" }).click();
      await expect.poll(() => page.getByLabel("New publish token").inputValue()).toMatch(/^sgpt_/);
      const token = await page.getByLabel("New publish token").inputValue();

      // `npx scenario login --token sgpt_...`, then `npx scenario publish examples/tic-tac-toe`.
      const cli = { platformUrl: platform.url, configDir };
      const login = await scenario(cli, ["login", "--token", token]);
      expect(login.code, login.stderr).toBe(0);
      const published = await scenario(cli, ["publish", "examples/tic-tac-toe"]);
      expect(published.code, published.stderr).toBe(0);
      const playUrl = /play: (\S+)/.exec(published.stdout)?.[1] ?? "";
      expect(playUrl.startsWith(`${platform.url}/rooms/play/`)).toBe(true);

      // The play URL signs the player in (the play client: no email form), then quick play seats them.
      player = await signInAs(playUrl, "user@example.com", "dev-accounts-play");
      expect(seatOf(await gameFrame(player)).seatId).toBe("p1");
      expect(player.url()).toBe(playUrl);
    } finally {
      await page.context().close();
      await player?.context().close();
    }
  }, 120_000);

  it("docs/store.md: the store, as the seeded subscriber premium@example.com, shows the premium badge", async () => {
    const page = await signInAs(`${platform.url}/store/`, "premium@example.com", "dev-accounts-store-premium");
    try {
      expect(page.url().startsWith(`${platform.url}/store/`)).toBe(true);
      // The header's premium badge, shown only to a subscriber (its wording is the store's).
      await page.getByTestId("premium").waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("premium").textContent()).toMatch(/^Premium/);
    } finally {
      await page.context().close();
    }
  });
});

describe("the dev stand-ins speak the login page's language", () => {
  for (const language of LANGUAGES) {
    it(`the Dev accounts box and the reCAPTCHA note in ${language} (360 and 1280 px, axe)`, async () => {
      const t = DEV_LOGIN_STRINGS[language];
      const context = await browser.newContext({ locale: "en-US", viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      screenshotOnFailure(page, `dev-stand-ins-${language}`);
      try {
        const login = `${platform.url}/auth/login?${new URLSearchParams({
          client_id: "store",
          redirect_uri: `${platform.url}/store/`,
          ui_locales: language,
        })}`;
        await page.goto(login);
        const box = page.locator(".dev-accounts");
        expect(await box.getByRole("heading").textContent()).toBe(t.devAccounts.heading);
        expect(await box.locator("p").textContent()).toBe(t.devAccounts.intro);
        for (const email of ["user@example.com", "admin@example.com", "premium@example.com"]) {
          await box.getByRole("button", { name: t.devAccounts.signInAs(email), exact: true }).waitFor();
        }
        expect(await box.getByText(t.devAccounts.noClaims, { exact: true }).count()).toBe(1);
        // Nothing in the box claims another language than the page's.
        expect(await box.evaluate((element) => element.closest("[lang]")?.getAttribute("lang"))).toBe(language);
        // The widget reads the page's language from api.js's hl, as Google's does.
        await page.getByText(t.recaptcha.badge, { exact: true }).waitFor();
        expect(await page.getByTitle(t.recaptcha.frameTitle, { exact: true }).count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 800 });
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('docs/sign-in.md, "Try it locally", followed as written', () => {
  it("every step lands on a page of the platform", async () => {
    const doc = readFileSync(path.join(projectRoot, "docs/sign-in.md"), "utf8");
    const section = doc.slice(
      doc.indexOf("## Try it locally"),
      doc.indexOf("\n## ", doc.indexOf("## Try it locally") + 1),
    );
    // The doc's `npm run dev` address is this platform's here, encoded or not.
    const here = (url: string) =>
      url
        .replaceAll("http://localhost:8787", platform.url)
        .replaceAll(encodeURIComponent("http://localhost:8787"), encodeURIComponent(platform.url));
    const [loginUrl, logoutUrl, ...others] = [...section.matchAll(/<(http:\/\/localhost:8787\/[^>]+)>/g)].map((match) =>
      here(match[1] ?? ""),
    );
    expect(others).toEqual([]);
    if (!loginUrl?.includes("client_id=venue-admin") || !logoutUrl?.includes("/auth/api/logout?")) {
      throw new Error(`the section's links are not a login and a logout URL: ${loginUrl}, ${logoutUrl}`);
    }
    const onPlatform = (url: string) => url.startsWith(`${platform.url}/`);
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "docs-sign-in-try-it-locally");
    try {
      // "sign in with a seeded dev account (user@example.com / dev-password)": the browser lands on redirect_uri.
      await page.goto(loginUrl);
      await page.getByLabel("Email").fill("user@example.com");
      await page.getByLabel("Password").fill("dev-password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => !url.href.startsWith(`${platform.url}/auth/login`));
      expect(onPlatform(page.url()), page.url()).toBe(true);
      await page.getByText("Signed in as user@example.com.").waitFor();

      // "Open the same URL with client_id=studio: you are signed in without the page."
      await page.goto(loginUrl.replace("client_id=venue-admin", "client_id=studio"));
      expect(onPlatform(page.url()) && !page.url().startsWith(`${platform.url}/auth/login`), page.url()).toBe(true);
      await page.getByText("Signed in as user@example.com.").waitFor();

      // The logout link signs you out and shows the login page again.
      await page.goto(logoutUrl);
      await page.waitForURL(`${platform.url}/auth/login?**`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect((await context.cookies(platform.url)).some((cookie) => cookie.name === "auth_session")).toBe(false);
    } finally {
      await context.close();
    }
  });
});
