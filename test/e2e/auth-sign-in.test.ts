import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { signInByPhone } from "./support/login-page.ts";
import {
  type RunningWorker,
  startPlatform,
  startTargetSite,
  type TargetSite,
  waitForFreePort,
} from "./support/platform.ts";

const PLATFORM_PORT = testPort(8801);
const TARGET_PORT = testPort(8803);
const PASSWORD = "correct horse battery staple";

let platform: RunningWorker;
let target: TargetSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let auth: string;
let idp: string;
const email = `e2e-${Date.now()}@example.com`;

beforeAll(async () => {
  await Promise.all([waitForFreePort(PLATFORM_PORT), waitForFreePort(TARGET_PORT)]);
  platform = await startPlatform(PLATFORM_PORT);
  auth = `${platform.url}/auth`;
  idp = `${platform.url}/idp`;
  target = await startTargetSite(TARGET_PORT, { authUrl: auth, idpApiUrl: idp, apiKey: "dev-api-key" });
  browser = await launchChromium();
  context = await browser.newContext({ locale: "en-US" });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([platform?.stop(), target?.stop()]);
});

const loginUrl = (clientId: string, landing: string) =>
  `${auth}/login?${new URLSearchParams({ redirect_uri: `${target.origin}${landing}`, client_id: clientId })}`;

/** The uid a custom token signs in as, asked of the dev IdP the way an app would. */
async function uidOf(customToken: string): Promise<string> {
  const res = await fetch(`${idp}/v1/accounts:signInWithCustomToken?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  expect(res.status).toBe(200);
  const { idToken } = (await res.json()) as { idToken: string };
  return JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString()).sub;
}

async function uidOfPasswordUser(): Promise<string> {
  const res = await fetch(`${idp}/v1/accounts:signInWithPassword?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return ((await res.json()) as { localId: string }).localId;
}

describe("sign-in in a real browser", () => {
  it("signs in with an email account the admin tools made, and the page offers no way to create one", async () => {
    screenshotOnFailure(page, "email-sign-in");
    // Accounts are made outside the sign-in service (document 1, Authentication 8): the dev IdP's admin route.
    const created = await fetch(`${idp}/admin/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, emailVerified: true }),
    });
    expect(created.status).toBe(201);
    await page.goto(loginUrl("venue-admin", "/first"));
    await expect.poll(() => page.title()).toContain("Venue operations");
    expect(await page.getByRole("button", { name: "Create account" }).count()).toBe(0);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Made outside the login page, the account accepted no document yet: asked once, then signed in.
    const documents = page.getByRole("dialog");
    await documents.waitFor();
    expect(await documents.getByRole("link").allTextContents()).toEqual(["Terms of Service", "Privacy Policy"]);
    await documents.getByRole("button", { name: "Accept and continue" }).click();
    await page.waitForURL(`${target.origin}/first?**`);

    const landed = new URL(page.url());
    const token = landed.searchParams.get("idpAuthCustomToken") ?? "";
    expect(await uidOf(token)).toBe(await uidOfPasswordUser());
  });

  it("an unknown email is refused and no account is created: the form says it signs in existing accounts only (360 and 1280 px, axe)", async () => {
    const fresh = await browser.newContext({ locale: "en-US", viewport: { width: 360, height: 740 } });
    const unknownPage = await fresh.newPage();
    screenshotOnFailure(unknownPage, "email-unknown");
    const unknown = `nobody-${Date.now()}@example.com`;
    try {
      await unknownPage.goto(loginUrl("portal-shop", "/never"));
      // Where the email form is: it names what it does and what it does not (no sign-up by email).
      const form = unknownPage.locator("#email-form");
      expect(await form.getByRole("heading").textContent()).toBe("Sign in with email");
      expect(await form.locator(".note").textContent()).toBe(
        "For existing accounts only. Email accounts are not created on this page: your administrator creates them.",
      );
      // The documents to create an account come after the form that creates none.
      const order = await unknownPage.evaluate(() => {
        const email = document.getElementById("email-form");
        const consent = document.querySelector("fieldset.consent");
        return email && consent ? email.compareDocumentPosition(consent) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order).not.toBe(0);
      expect(await seriousViolations(unknownPage)).toEqual([]);

      await unknownPage.getByLabel("Email").fill(unknown);
      await unknownPage.getByLabel("Password").fill(PASSWORD);
      await unknownPage.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect
        .poll(() => unknownPage.getByRole("alert").textContent())
        .toBe(
          "The email or password is wrong, or no account has this email. Email accounts are not created on this page: ask your administrator for one.",
        );
      await unknownPage.setViewportSize({ width: 1280, height: 800 });
      expect(await seriousViolations(unknownPage)).toEqual([]);
      const lookup = await fetch(`${idp}/v1/accounts:signInWithPassword?key=dev-api-key`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: unknown, password: PASSWORD, returnSecureToken: true }),
      });
      expect(((await lookup.json()) as { error: { message: string } }).error.message).toBe("EMAIL_NOT_FOUND");
    } finally {
      await fresh.close();
    }
  });

  it("opens /login for a second client and is signed in without the form", async () => {
    screenshotOnFailure(page, "second-client");
    // The store asks for the documents the account accepted above (the studio would ask for its terms).
    const response = await page.goto(loginUrl("store", "/second"));
    expect(page.url()).toMatch(new RegExp(`^${target.origin}/second\\?idpAuthCustomToken=`));
    expect(await response?.text()).toContain('id="landed"');
    const token = new URL(page.url()).searchParams.get("idpAuthCustomToken") ?? "";
    expect(await uidOf(token)).toBe(await uidOfPasswordUser());
  });

  it("logs out, and the next /login shows the page again", async () => {
    screenshotOnFailure(page, "logout");
    await page.goto(`${auth}/api/logout?redirect_uri=${encodeURIComponent(`${target.origin}/bye`)}`);
    expect(page.url()).toBe(`${target.origin}/bye`);
    const cookies = await context.cookies(auth);
    expect(cookies.find((cookie) => cookie.name === "auth_session")).toBeUndefined();

    await page.goto(loginUrl("studio", "/third"));
    expect(page.url().startsWith(auth)).toBe(true);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in to Studio");
  });

  it("signs up by phone in Japanese, with the consent the client requires", async () => {
    const fresh = await browser.newContext({ locale: "ja-JP" });
    const phonePage = await fresh.newPage();
    screenshotOnFailure(phonePage, "phone-sign-up");
    try {
      await phonePage.goto(loginUrl("portal", "/phone"));
      await expect.poll(() => phonePage.locator("html").getAttribute("lang")).toBe("ja");
      await phonePage.getByLabel("予約ポータル利用規約").check();
      await phonePage.getByLabel("プライバシーポリシー").check();
      await phonePage.getByLabel("電話番号").fill("+81 90 5555 0101");
      await phonePage.getByRole("button", { name: "コードを送信" }).click();
      await phonePage.getByLabel("確認コード").fill("123456");
      await phonePage.getByRole("button", { name: "確認" }).click();
      await phonePage.waitForURL(`${target.origin}/phone?**`);
      expect(new URL(phonePage.url()).searchParams.get("idpAuthCustomToken")).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });

  it("says so when the password is wrong, and stays on the page", async () => {
    const fresh = await browser.newContext({ locale: "en-US" });
    const wrongPage = await fresh.newPage();
    screenshotOnFailure(wrongPage, "wrong-password");
    try {
      await wrongPage.goto(loginUrl("venue-admin", "/never"));
      await wrongPage.getByLabel("Email").fill(email);
      await wrongPage.getByLabel("Password").fill("not the password");
      await wrongPage.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect
        .poll(() => wrongPage.getByRole("alert").textContent())
        .toBe(
          "The email or password is wrong, or no account has this email. Email accounts are not created on this page: ask your administrator for one.",
        );
      expect(wrongPage.url().startsWith(auth)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it("refuses to finish a sign-up without consent, and finishes it once the boxes are ticked and confirmed", async () => {
    const fresh = await browser.newContext({ locale: "en-US" });
    const consentPage = await fresh.newPage();
    screenshotOnFailure(consentPage, "consent-required");
    try {
      await consentPage.goto(loginUrl("portal-shop", "/shop"));
      await signInByPhone(consentPage, `+81 90 ${String(Date.now()).slice(-8)}`);
      await expect
        .poll(() => consentPage.getByRole("alert").textContent())
        .toBe("Please agree to every document to create an account.");
      expect(consentPage.url().startsWith(auth)).toBe(true);
      await consentPage.getByLabel("Booking Portal Terms of Service").check();
      await consentPage.getByLabel("Privacy Policy").check();
      await consentPage.getByRole("button", { name: "Agree and continue" }).click();
      await consentPage.waitForURL(`${target.origin}/shop?**`);
    } finally {
      await fresh.close();
    }
  });

  it("a refused sign-up stays a sign-up: signing in again later asks for the documents, then lands", async () => {
    const fresh = await browser.newContext({ locale: "en-US" });
    const retryPage = await fresh.newPage();
    screenshotOnFailure(retryPage, "consent-after-refusal");
    const phone = `+81 80 ${String(Date.now()).slice(-8)}`;
    const alert = () => retryPage.getByRole("alert").textContent();
    try {
      await retryPage.goto(loginUrl("portal-shop", "/shop-retry"));
      await signInByPhone(retryPage, phone);
      await expect.poll(alert).toBe("Please agree to every document to create an account.");

      // The user leaves and comes back: the provider already holds the account (not new any more).
      await retryPage.goto(loginUrl("portal-shop", "/shop-retry"));
      await signInByPhone(retryPage, phone);
      await expect.poll(alert).toBe("Please agree to every document to create an account.");
      expect(retryPage.url().startsWith(auth)).toBe(true);

      await retryPage.getByLabel("Booking Portal Terms of Service").check();
      await retryPage.getByLabel("Privacy Policy").check();
      await retryPage.getByRole("button", { name: "Agree and continue" }).click();
      await retryPage.waitForURL(`${target.origin}/shop-retry?**`);
    } finally {
      await fresh.close();
    }
  });

  it("a hash-routed single-page app on the SPA helper: sends a signed-out user to /login, signs in, strips the token, restores the route, logs out", async () => {
    const fresh = await browser.newContext({ locale: "en-US" });
    const spaPage = await fresh.newPage();
    screenshotOnFailure(spaPage, "spa-helper");
    try {
      await spaPage.goto(`${target.origin}/spa?client=venue-admin#/shop`);
      await spaPage.waitForURL(`${auth}/login?**`);
      const login = new URL(spaPage.url());
      expect(login.searchParams.get("redirect_uri")).toBe(`${target.origin}/spa?client=venue-admin`);
      expect(login.searchParams.get("client_id")).toBe("venue-admin");

      await spaPage.getByLabel("Email").fill(email);
      await spaPage.getByLabel("Password").fill(PASSWORD);
      await spaPage.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect
        .poll(() => spaPage.locator("#status").textContent())
        .toBe(`signed in as ${await uidOfPasswordUser()}`);
      expect(spaPage.url()).toBe(`${target.origin}/spa?client=venue-admin#/shop`);

      await spaPage.getByRole("button", { name: "Log out" }).click();
      await spaPage.waitForURL(`${target.origin}/`);
      expect((await fresh.cookies(auth)).some((cookie) => cookie.name === "auth_session")).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
