import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotOnFailure } from "./support/browser.ts";
import type { TargetSite } from "./support/platform.ts";
import { type SignInSite, startSignInSite } from "./support/sign-in-site.ts";

let site: SignInSite;
let target: TargetSite;
let browser: Browser;
let auth: string;
let idp: string;
let loginUrl: SignInSite["loginUrl"];

beforeAll(async () => {
  site = await startSignInSite();
  ({ auth, idp, target, browser, loginUrl } = site);
});

afterAll(() => site?.stop());

/** The ID-token claims a custom token signs in with, asked of the dev IdP the way an app would. */
async function claimsOf(customToken: string): Promise<{ sub: string; email?: string }> {
  const res = await fetch(`${idp}/v1/accounts:signInWithCustomToken?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  expect(res.status).toBe(200);
  const { idToken } = (await res.json()) as { idToken: string };
  return JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString());
}

/** The dev IdP account of an email (its admin route), or null. */
async function devUserByUid(uid: string): Promise<{ email: string | null } | null> {
  const res = await fetch(`${idp}/admin/users/${encodeURIComponent(uid)}`);
  return res.ok ? ((await res.json()) as { email: string | null }) : null;
}

/**
 * Presses a social button on the login page and signs in on the dev IdP's stand-in page. The page
 * asks the provider to send the browser back to the environment's one registered address,
 * {AUTH_URL}/login/callback, whatever its own query: answers what it sent as continueUri and every
 * address the browser passed on its way back.
 */
async function continueWith(
  page: Page,
  provider: "Google" | "X (Twitter)",
  email: string,
): Promise<{ continueUri: string; visited: string[] }> {
  const visited: string[] = [];
  const onNavigation = (frame: { url(): string }) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  };
  const started = page.waitForRequest((request) => request.url().includes("/v1/accounts:createAuthUri"));
  await page.getByRole("button", { name: `Continue with ${provider}` }).click();
  const { continueUri } = (await started).postDataJSON() as { continueUri: string };
  await page.waitForURL(`${idp}/social/authorize?**`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Sign in with /);
  await page.getByLabel("Email").fill(email);
  page.on("framenavigated", onNavigation);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${auth}/login?**`);
  page.off("framenavigated", onNavigation);
  return { continueUri, visited };
}

/** The documents prompt of an account that accepted none: accept them. */
async function acceptDocuments(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Accept and continue" }).click();
}

async function tokenOfLanding(page: Page, landing: string): Promise<string> {
  await page.waitForURL(`${target.origin}${landing}?**`);
  const token = new URL(page.url()).searchParams.get("idpAuthCustomToken");
  expect(token).toBeTruthy();
  return token ?? "";
}

describe("social sign-in in a real browser", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ locale: "en-US" });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it("signs in an existing account with the Google button and lands on the target with a custom token", async () => {
    screenshotOnFailure(page, "social-sign-in");
    await page.goto(loginUrl("store", "/social"));
    const { continueUri, visited } = await continueWith(page, "Google", "user@example.com");
    // The provider returns to the registered address, not to this login page's URL (its query).
    expect(continueUri).toBe(`${auth}/login/callback`);
    const returned = visited.find((url) => url.startsWith(`${auth}/login/callback?`));
    expect(returned, visited.join("\n")).toBeDefined();
    expect(new URL(returned ?? "").searchParams.has("code")).toBe(true);
    // Back on the login page it started from, without the provider's code in the address bar.
    const back = visited.filter((url) => url.startsWith(`${auth}/login?`));
    expect(back.length).toBeGreaterThan(0);
    expect(back.every((url) => !new URL(url).searchParams.has("code"))).toBe(true);
    const token = await tokenOfLanding(page, "/social");
    // The seeded password account of that email is reused, as with a trusted provider.
    expect((await claimsOf(token)).sub).toBe("dev-user");
  });

  it("then opens /login for another client and is signed in without the page", async () => {
    screenshotOnFailure(page, "social-second-client");
    const response = await page.goto(loginUrl("studio", "/social-second"));
    expect(page.url()).toMatch(new RegExp(`^${target.origin}/social-second\\?idpAuthCustomToken=`));
    expect(await response?.text()).toContain('id="landed"');
    const token = new URL(page.url()).searchParams.get("idpAuthCustomToken") ?? "";
    expect((await claimsOf(token)).sub).toBe("dev-user");
  });
});

describe("social sign-up in a real browser", () => {
  it("asks for the client's documents before a new social account is signed in, then finishes", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "social-sign-up-consent");
    const email = `social-${Date.now()}@example.org`;
    try {
      await page.goto(loginUrl("portal", "/portal"));
      // Another client and target than the test above: the same return address.
      expect((await continueWith(page, "Google", email)).continueUri).toBe(`${auth}/login/callback`);
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe("Please agree to every document to create an account.");
      expect(page.url().startsWith(`${auth}/login?`)).toBe(true);
      // The provider's one-time answer is spent: it leaves the address bar, so a reload cannot replay it.
      expect(new URL(page.url()).searchParams.has("code")).toBe(false);
      expect((await context.cookies(auth)).some((cookie) => cookie.name === "auth_session")).toBe(false);

      await page.getByLabel("Booking Portal Terms of Service").check();
      await page.getByLabel("Privacy Policy").check();
      await page.getByRole("button", { name: "Agree and continue" }).click();
      const token = await tokenOfLanding(page, "/portal");
      const { sub } = await claimsOf(token);
      expect((await devUserByUid(sub))?.email).toBe(email);
      expect((await context.cookies(auth)).some((cookie) => cookie.name === "auth_session")).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("keeps the boxes ticked before the provider's page, and signs up without asking again", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "social-sign-up-ticked");
    const email = `social-ticked-${Date.now()}@example.org`;
    try {
      await page.goto(loginUrl("store", "/ticked"));
      await page.getByLabel("Terms of Service").check();
      await page.getByLabel("Privacy Policy").check();
      await continueWith(page, "Google", email);
      const token = await tokenOfLanding(page, "/ticked");
      expect((await devUserByUid((await claimsOf(token)).sub))?.email).toBe(email);
    } finally {
      await context.close();
    }
  });

  it("refuses X for the email of an existing account, says so, and signs nobody in", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "social-need-confirmation");
    try {
      await page.goto(loginUrl("store", "/never"));
      await continueWith(page, "X (Twitter)", "admin@example.com");
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe("An account with this email already exists. Sign in instead.");
      expect(page.url().startsWith(`${auth}/login?`)).toBe(true);
      expect((await context.cookies(auth)).some((cookie) => cookie.name === "auth_session")).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("the social return page in a real browser", () => {
  it("in a tab that started no social sign-in, says so and goes nowhere", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "social-return-lost");
    try {
      await page.goto(`${auth}/login/callback?code=forwarded&state=elsewhere`);
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe(
          "This sign-in cannot be finished here: it was started in another tab or browser. Go back to the app and sign in again.",
        );
      expect(page.url()).toBe(`${auth}/login/callback?code=forwarded&state=elsewhere`);
    } finally {
      await context.close();
    }
  });
});

describe("linking another sign-in method in a real browser", () => {
  it("signs in the usual way, adds Google through the link grant, and Google then signs in to the same account", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "link-google");
    const email = `linker-${Date.now()}@example.org`;
    const googleEmail = `linker-google-${Date.now()}@example.net`;
    const password = "correct horse battery staple";
    try {
      const uid = await site.createAccount(email, password);

      await page.goto(loginUrl("venue-admin", "/linked"));
      await page.getByRole("button", { name: "Link another sign-in method" }).click();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe("Now choose the sign-in method to add to this account (within a minute).");
      expect(page.url().startsWith(`${auth}/login?`)).toBe(true);

      await continueWith(page, "Google", googleEmail);
      // An account an operator made accepted no document yet: it is asked once, then signs in.
      await acceptDocuments(page);
      const token = await tokenOfLanding(page, "/linked");
      expect((await claimsOf(token)).sub).toBe(uid);
    } finally {
      await context.close();
    }

    // Another browser: the Google identity now signs in to that account.
    const other = await browser.newContext({ locale: "en-US" });
    const otherPage = await other.newPage();
    screenshotOnFailure(otherPage, "link-google-after");
    try {
      await otherPage.goto(loginUrl("store", "/after-link"));
      await continueWith(otherPage, "Google", googleEmail);
      const token = await tokenOfLanding(otherPage, "/after-link");
      expect((await devUserByUid((await claimsOf(token)).sub))?.email).toBe(email);
    } finally {
      await other.close();
    }
  });
});
