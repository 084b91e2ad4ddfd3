import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { signInByPhone, signUpByPhone } from "./support/login-page.ts";
import type { TargetSite } from "./support/platform.ts";
import { type SignInSite, startSignInSite } from "./support/sign-in-site.ts";

// Phone sign-in against a provider as strict as the real one: the invisible reCAPTCHA before the
// SMS (the dev IdP's stand-in), what the page says when sign-up goes wrong, and the funnel events
// of document 1 as the auth-log intake writes them.

let site: SignInSite;
let target: TargetSite;
let browser: Browser;
let auth: string;
let idp: string;
let loginUrl: SignInSite["loginUrl"];
/** What the Worker printed: the intake writes each client record as one JSON line. */
let output = "";

beforeAll(async () => {
  site = await startSignInSite({
    onOutput: (text) => {
      output += text;
    },
  });
  ({ auth, idp, target, browser, loginUrl } = site);
});

afterAll(() => site?.stop());

let numbers = 0;
/** A phone number nobody used in this run. */
function freshNumber(): string {
  numbers += 1;
  return `+81 70 ${String(Date.now()).slice(-6)}${String(numbers).padStart(2, "0")}`;
}

interface LoggedEvent {
  evt: { name: string; action: string; surface: string; outcome: string };
  uid?: string | null;
  sessionId?: string;
  error?: { code?: string };
}

const described = (record: LoggedEvent) => `${record.evt.name} ${record.evt.action} ${record.evt.outcome}`;

/** The funnel records the page sent to /api/log (beacon or keepalive fetch). */
function sentRecords(page: Page): LoggedEvent[] {
  const records: LoggedEvent[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${auth}/api/log`) {
      records.push(...(JSON.parse(request.postData() ?? "[]") as LoggedEvent[]));
    }
  });
  return records;
}

/**
 * The intake's lines for one funnel session (the page's sessionId), as the Worker wrote them:
 * one JSON object a line, which wrangler dev prefixes with a coloured "▲ [WARNING]" on stderr for
 * a failure's WARNING severity.
 */
function intakeOf(sessionId: string): LoggedEvent[] {
  return output
    .split("\n")
    .map((line) => line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1))
    .filter((json) => json.startsWith("{") && json.includes('"origin":"auth-web"'))
    .map((json) => JSON.parse(json) as LoggedEvent)
    .filter((line) => line.sessionId === sessionId);
}

/** The page's funnel session id, read as soon as the page has made it. */
async function funnelSession(page: Page): Promise<string> {
  const id = await page.evaluate(() => sessionStorage.getItem("login.log.session"));
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id ?? "";
}

/** Bodies the page posted to one of the provider's REST methods. */
function providerCalls(page: Page, method: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request: Request) => {
    if (request.url().includes(`/v1/accounts:${method}?`)) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** The page's posts to /api/callback, counted as they leave. */
function callbackPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${auth}/api/callback`) posts.push(request);
  });
  return posts;
}

const alertOf = (page: Page) => () => page.getByRole("alert").textContent();

/**
 * One test's own browser context (no session yet): its page is shot if the test fails, and the
 * context is closed when the test is done.
 */
async function freshPage(
  name: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "en-US", viewport });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  return { context, page };
}

describe("phone sign-in passes the provider's reCAPTCHA (the dev IdP's stand-in)", () => {
  it("asks for the code only with a token the widget got, and the reCAPTCHA events reach the intake", async () => {
    const { page } = await freshPage("phone-recaptcha");
    const codeRequests = providerCalls(page, "sendVerificationCode");
    await page.goto(loginUrl("store", "/phone-recaptcha"));
    const sessionId = await funnelSession(page);
    await signUpByPhone(page);
    await page.waitForURL(`${target.origin}/phone-recaptcha?**`);

    expect(codeRequests).toHaveLength(1);
    expect(codeRequests[0]?.recaptchaToken).toMatch(/^dev-recaptcha\.[A-Za-z0-9_-]{43}$/);
    // The intake wrote the funnel of this attempt, reCAPTCHA first (document 1, Events).
    const expected = [
      "recaptcha render success",
      "recaptcha solve success",
      "phone_otp send_code success",
      "phone_otp verify_code success",
      "phone_otp sign_in success",
    ];
    await expect.poll(() => intakeOf(sessionId).map(described), { timeout: 15_000 }).toEqual(expected);
    const signedIn = intakeOf(sessionId).find((line) => line.evt.action === "sign_in");
    expect(signedIn?.evt.surface).toBe("signUp");
    expect(signedIn?.uid).toMatch(/^[A-Za-z0-9_-]{28}$/);
  });

  it("sends no code when the check cannot run, says so, and records the failed solve", async () => {
    const { page } = await freshPage("phone-recaptcha-unreachable");
    const codeRequests = providerCalls(page, "sendVerificationCode");
    await page.route("**/idp/recaptcha/token", (route) => route.abort());
    await page.goto(loginUrl("store", "/never"));
    const sessionId = await funnelSession(page);
    await page.getByLabel("Phone number").fill(freshNumber());
    await page.getByRole("button", { name: "Send code" }).click();
    await expect.poll(alertOf(page)).toBe("The security check before sending the code did not pass. Please try again.");
    expect(codeRequests).toEqual([]);
    expect(await page.getByLabel("Verification code").isVisible()).toBe(false);
    await expect
      .poll(() => intakeOf(sessionId).map(described), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["recaptcha solve failure", "phone_otp send_code failure"]));

    // The check works again: the same button sends the code.
    await page.unroute("**/idp/recaptcha/token");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Verification code").waitFor();
    expect(codeRequests).toHaveLength(1);
  });

  it("a check left unused expires after two minutes: expire is recorded and the next code runs a new check", async () => {
    const { page } = await freshPage("phone-recaptcha-expired");
    const codeRequests = providerCalls(page, "sendVerificationCode");
    // The page's clock is the test's: two minutes pass without waiting.
    await page.clock.install();
    await page.goto(loginUrl("store", "/never"));
    const sessionId = await funnelSession(page);
    await page.getByText("Protected by reCAPTCHA").waitFor();
    // A check solved and not used, as when a person solves a challenge and walks away.
    await page.evaluate(() =>
      (globalThis as unknown as { grecaptcha: { execute(id: number): void } }).grecaptcha.execute(0),
    );
    const response = () =>
      page.evaluate(() =>
        (globalThis as unknown as { grecaptcha: { getResponse(id: number): string } }).grecaptcha.getResponse(0),
      );
    await expect.poll(response).toMatch(/^dev-recaptcha\./);
    const unused = await response();

    await page.clock.fastForward("02:01");
    expect(await response()).toBe("");
    await page.clock.runFor(2000);
    await expect
      .poll(() => intakeOf(sessionId).map(described), { timeout: 15_000 })
      .toContain("recaptcha expire failure");
    const expired = intakeOf(sessionId).find((line) => line.evt.action === "expire");
    expect(expired?.error?.code).toBe("auth/recaptcha-expired");

    await page.getByLabel("Phone number").fill(freshNumber());
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Verification code").waitFor();
    expect(codeRequests).toHaveLength(1);
    expect(codeRequests[0]?.recaptchaToken).toMatch(/^dev-recaptcha\./);
    expect(codeRequests[0]?.recaptchaToken).not.toBe(unused);
  });
});

describe("the phone form and the consent step do what Enter promises", () => {
  it("Enter in the code field verifies the code and never sends a new one", async () => {
    const { page } = await freshPage("phone-enter-verifies");
    const codeRequests = providerCalls(page, "sendVerificationCode");
    const verifications = providerCalls(page, "signInWithPhoneNumber");
    await page.goto(loginUrl("store", "/enter-verifies"));
    await page.getByLabel("Terms of Service").check();
    await page.getByLabel("Privacy Policy").check();
    // Enter in the number field sends the code; Enter in the code field verifies it.
    await page.getByLabel("Phone number").fill(freshNumber());
    await page.getByLabel("Phone number").press("Enter");
    await page.getByLabel("Verification code").fill("123456");
    const [verified] = await Promise.all([
      page.waitForRequest((request) => request.url().includes("/v1/accounts:signInWithPhoneNumber?")),
      page.getByLabel("Verification code").press("Enter"),
    ]);
    expect(verified.postDataJSON()).toMatchObject({ code: "123456" });
    await page.waitForURL(`${target.origin}/enter-verifies?**`);
    expect(codeRequests).toHaveLength(1);
    expect(verifications).toHaveLength(1);
  });

  it("a sign-up that waits for consent completes only by its button, with every box ticked (360 and 1280 px, axe)", async () => {
    const { page } = await freshPage("consent-step", { width: 360, height: 740 });
    const callbacks = callbackPosts(page);
    await page.goto(loginUrl("store", "/consent-step"));
    const confirm = page.getByRole("button", { name: "Agree and continue" });
    // No sign-up waits yet: the step has no button to press.
    expect(await confirm.isVisible()).toBe(false);
    await signInByPhone(page, freshNumber());
    await expect.poll(alertOf(page)).toBe("Please agree to every document to create an account.");
    await confirm.waitFor();
    // The person is taken to the first box to tick.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe("app_terms");
    expect(await seriousViolations(page)).toEqual([]);

    // Confirmed with a box missing: asked again, nothing is posted.
    const asked = callbacks.length;
    await page.getByLabel("Terms of Service").check();
    await confirm.click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe("privacy");
    expect(await alertOf(page)()).toBe("Please agree to every document to create an account.");
    expect(callbacks.length).toBe(asked);

    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    // Ticking the last box is not an answer; Enter on the step's button is.
    await page.getByLabel("Privacy Policy").check();
    expect(callbacks.length).toBe(asked);
    await confirm.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${target.origin}/consent-step?**`);
    expect(callbacks.length - asked).toBe(1);
  });
});

describe("sign-up says what is wrong", () => {
  it("Verify pressed again after the consent error keeps the verified sign-in; the last box ticked completes nothing until the person confirms", async () => {
    const { page } = await freshPage("phone-verify-again");
    const verifications = providerCalls(page, "signInWithPhoneNumber");
    const callbacks = callbackPosts(page);
    await page.goto(loginUrl("store", "/verify-again"));
    await signInByPhone(page, freshNumber());
    const consent = "Please agree to every document to create an account.";
    await expect.poll(alertOf(page)).toBe(consent);

    await page.getByLabel("Terms of Service").check();
    // Not "The code is wrong.": the spent code is not sent again; the kept sign-in is posted again
    // and the page still asks for the box that is missing.
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${auth}/api/callback`),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);
    expect(((await answer.json()) as { error: string }).error).toBe("consent_required");
    await expect.poll(alertOf(page)).toBe(consent);
    expect(verifications).toHaveLength(1);

    // Every box ticked: the page waits for the person's answer, and only the button posts it.
    const before = callbacks.length;
    await page.getByLabel("Privacy Policy").check();
    await page.getByRole("button", { name: "Agree and continue" }).click();
    await page.waitForURL(`${target.origin}/verify-again?**`);
    expect(callbacks.length - before).toBe(1);
    expect(verifications).toHaveLength(1);
  });

  it("a code that already signed in asks for a new one instead of calling it wrong", async () => {
    const { page } = await freshPage("phone-code-used");
    const verifications = providerCalls(page, "signInWithPhoneNumber");
    // A sign-in the server refuses after the code was spent: the login state is gone.
    await page.route("**/auth/api/callback", (route) =>
      route.fulfill({ status: 400, json: { error: "login_expired", message: "expired" } }),
    );
    await page.goto(loginUrl("store", "/never"));
    await page.getByLabel("Terms of Service").check();
    await page.getByLabel("Privacy Policy").check();
    await signInByPhone(page, freshNumber());
    await expect.poll(alertOf(page)).toBe("This page has expired. Please reload it.");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(alertOf(page)).toBe("This code was already used or has expired. Send a new code.");
    expect(verifications).toHaveLength(1);
  });

  it("a local number (090-5555-0301) is told to add its country code, in view at 360 px, and no code is asked for", async () => {
    // A phone's screen: the phone form is far below the message line, which must still be seen.
    const { page } = await freshPage("phone-local-number", { width: 360, height: 740 });
    const codeRequests = providerCalls(page, "sendVerificationCode");
    const records = sentRecords(page);
    await page.goto(loginUrl("store", "/never"));
    await page.getByLabel("Phone number").fill("090-5555-0301");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect
      .poll(alertOf(page))
      .toBe("Enter the number with its country code, starting with + (for example +81 90 1234 5678).");
    const message = await page.getByRole("alert").boundingBox();
    expect(message?.y).toBeGreaterThanOrEqual(0);
    expect((message?.y ?? 0) + (message?.height ?? 0)).toBeLessThanOrEqual(740);
    expect(codeRequests).toEqual([]);
    await expect
      .poll(() => records.map((r) => `${described(r)} ${r.error?.code}`))
      .toContain("phone_otp send_code failure auth/invalid-phone-number");

    // With the country code the same number is sent.
    await page.getByLabel("Phone number").fill("+81 90-5555-0301");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Verification code").waitFor();
    expect(codeRequests.map((body) => body.phoneNumber)).toEqual(["+819055550301"]);
  });
});

describe("the login page's remaining funnel events (document 1): delete and custom_token", () => {
  it("a new account made while naming the account to link is deleted at the provider, and delete is recorded", async () => {
    const { context, page } = await freshPage("link-temporary-account");
    await page.goto(loginUrl("store", "/never"));
    const sessionId = await funnelSession(page);
    await page.getByRole("button", { name: "Link another sign-in method" }).click();
    await signInByPhone(page, freshNumber());
    await expect
      .poll(alertOf(page))
      .toBe(
        "No account signs in this way yet, so there is nothing to link to. Choose “Link another sign-in method” again and first sign in the way you do today.",
      );
    expect(page.url().startsWith(`${auth}/login?`)).toBe(true);

    await expect
      .poll(() => intakeOf(sessionId).map(described), { timeout: 15_000 })
      .toContain("phone_otp delete success");
    const deleted = intakeOf(sessionId).find((line) => line.evt.action === "delete");
    expect(deleted?.evt.surface).toBe("link");
    const uid = deleted?.uid ?? "";
    expect(uid).toMatch(/^[A-Za-z0-9_-]{28}$/);
    // Gone at the provider: no orphan account is left behind.
    expect((await fetch(`${idp}/admin/users/${encodeURIComponent(uid)}`)).status).toBe(404);
    expect((await context.cookies(auth)).some((cookie) => cookie.name === "auth_session")).toBe(false);
  });

  it("linking signs in with the link grant's custom token, recorded as custom_token sign_in", async () => {
    const { page } = await freshPage("link-custom-token");
    const email = `linker-${Date.now()}@example.org`;
    const password = "correct horse battery staple";
    const uid = await site.createAccount(email, password);
    await page.goto(loginUrl("venue-admin", "/linked"));
    const sessionId = await funnelSession(page);
    await page.getByRole("button", { name: "Link another sign-in method" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(alertOf(page)).toMatch(/^Now choose the sign-in method/);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(`${idp}/social/authorize?**`);
    await page.getByLabel("Email").fill(`linker-google-${Date.now()}@example.net`);
    await page.getByRole("button", { name: "Continue" }).click();
    // Made with the admin tools, the account accepted no document yet: asked once, then signed in.
    const documents = page.getByRole("dialog");
    await documents.waitFor();
    await documents.getByRole("button", { name: "Accept and continue" }).click();
    await page.waitForURL(`${target.origin}/linked?**`);

    await expect
      .poll(() => intakeOf(sessionId).map(described), { timeout: 15_000 })
      .toContain("custom_token sign_in success");
    const customToken = intakeOf(sessionId).find((line) => line.evt.name === "custom_token");
    expect(customToken?.evt.surface).toBe("link");
    expect(customToken?.uid).toBe(uid);
  });
});
