import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeCookie, sessionCookieAttributes } from "../../src/auth/cookies.ts";
import { SESSION_COOKIE, SESSION_LIFETIME_SECONDS } from "../../src/auth/session.ts";
import { parseBaseUrl } from "../../src/base-url.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import type { TargetSite } from "./support/platform.ts";
import { type SignInSite, startSignInSite } from "./support/sign-in-site.ts";

const PASSWORD = "correct horse battery staple";

let site: SignInSite;
let target: TargetSite;
let browser: Browser;
let auth: string;
let idp: string;

beforeAll(async () => {
  site = await startSignInSite();
  ({ auth, idp, target, browser } = site);
});

afterAll(() => site?.stop());

/**
 * An app user: an account made with the admin tools and a fresh ID token, as the app holds it, who
 * accepted the documents in the app (POST /api/consent), so the browser's SSO visits land at once.
 */
async function appUser(name: string): Promise<{ uid: string; email: string; idToken: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const created = await fetch(`${idp}/admin/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { uid } = (await created.json()) as { uid: string };
  const signedIn = await fetch(`${idp}/v1/accounts:signInWithPassword?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const consent = await fetch(`${auth}/api/consent`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ document_keys: ["app_terms", "privacy"], source: "app" }),
  });
  expect(consent.status).toBe(200);
  return { uid, email, idToken };
}

/** What the app does before it opens the browser: POST /api/transfer/code. */
async function transferLink(user: { idToken: string }, landing: string): Promise<string> {
  const res = await fetch(`${auth}/api/transfer/code`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id_token: user.idToken, redirect_uri: `${target.origin}${landing}`, client_id: "mobile" }),
  });
  expect(res.status).toBe(200);
  return `${auth}/transfer?code=${((await res.json()) as { code: string }).code}`;
}

async function uidOf(customToken: string): Promise<string> {
  const res = await fetch(`${idp}/v1/accounts:signInWithCustomToken?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  const { idToken } = (await res.json()) as { idToken: string };
  return JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString()).sub;
}

/** Who this browser's SSO session signs in as: /login with it lands with a custom token. */
async function signedInAs(page: Page, landing: string): Promise<string> {
  await page.goto(`${auth}/login?${new URLSearchParams({ redirect_uri: `${target.origin}${landing}` })}`);
  await page.waitForURL(`${target.origin}${landing}?**`);
  return uidOf(new URL(page.url()).searchParams.get("idpAuthCustomToken") ?? "");
}

describe("hand-over from an app in a real browser", () => {
  it("shows whose account it is; Cancel keeps the browser's own account, Continue switches", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    screenshotOnFailure(page, "hand-over");
    try {
      const owner = await appUser("owner");
      const sender = await appUser("sender");

      // The browser's own account, handed over from the owner's app.
      await page.goto(await transferLink(owner, "/mine"));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${target.origin}/mine?idpAuthCustomToken=**`);
      expect(await signedInAs(page, "/check-1")).toBe(owner.uid);

      // A link someone else forwarded: the page names the app and the other account, masked.
      await page.goto(await transferLink(sender, "/theirs"));
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Continue to Story Games in this browser?");
      expect(await page.locator("#account").textContent()).toBe("s•••@e•••.com");
      expect(await page.content()).not.toContain(sender.email);
      expect(await page.getByText("signed in to another account").count()).toBe(1);
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.waitForURL(`${target.origin}/theirs`);
      expect(await signedInAs(page, "/check-2")).toBe(owner.uid);

      // Continue is the person's own choice: then the browser is the sender's.
      await page.goto(await transferLink(sender, "/switched"));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${target.origin}/switched?idpAuthCustomToken=**`);
      expect(await uidOf(new URL(page.url()).searchParams.get("idpAuthCustomToken") ?? "")).toBe(sender.uid);
      expect(await signedInAs(page, "/check-3")).toBe(sender.uid);
    } finally {
      await context.close();
    }
  });
});

describe("staging and production session cookies in a real browser", () => {
  const PRD = "https://auth.example.com";
  const STG = "https://stg.auth.example.com";
  const setCookieOf = (origin: string) =>
    serializeCookie(
      SESSION_COOKIE,
      `${origin === STG ? "stg" : "prd"}.value`,
      sessionCookieAttributes(parseBaseUrl(origin), new URL(origin).hostname),
      SESSION_LIFETIME_SECONDS,
    );

  /**
   * Chromium stores each environment's Set-Cookie exactly as the service writes it (the
   * attributes come from the service's own code, Domain = the environment's AUTH_DOMAIN), then
   * asks both hosts what they receive. prd's auth host is a parent domain of stg's, so prd's cookie
   * reaches stg as well: that is why each value names its environment and stg reads only its own
   * (test/workers/auth-cookie-domain.test.ts). stg's cookie never reaches prd, nor a product host.
   */
  it("sends prd's cookie to stg as well, stg's to stg only, and neither to a product host", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = new Map<string, string>();
    await context.route(/^https:\/\/(stg\.)?(auth|store)\.example\.com\//, async (route) => {
      const url = new URL(route.request().url());
      sent.set(url.origin, (await route.request().allHeaders()).cookie ?? "");
      const setCookie = url.pathname === "/set" ? { "set-cookie": setCookieOf(url.origin) } : undefined;
      await route.fulfill({
        status: 200,
        contentType: "text/html",
        headers: setCookie ?? {},
        body: "<!doctype html><title>ok</title>",
      });
    });
    const probe = async (origin: string) => {
      await page.goto(`${origin}/probe`);
      return sent.get(origin);
    };
    try {
      await page.goto(`${PRD}/set`);
      expect(await probe(PRD)).toBe(`${SESSION_COOKIE}=prd.value`);
      expect(await probe(STG)).toBe(`${SESSION_COOKIE}=prd.value`);
      expect(await probe("https://store.example.com")).toBe("");

      await page.goto(`${STG}/set`);
      expect(await probe(PRD)).toBe(`${SESSION_COOKIE}=prd.value`);
      expect((await probe(STG))?.split("; ").sort()).toEqual([
        `${SESSION_COOKIE}=prd.value`,
        `${SESSION_COOKIE}=stg.value`,
      ]);
      expect(await probe("https://stg.store.example.com")).toBe("");
    } finally {
      await context.close();
    }
  });
});
