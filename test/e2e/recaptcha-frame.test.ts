import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { GOOGLE_RECAPTCHA } from "../../src/auth/recaptcha.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { routeGoogleRecaptcha } from "./support/google-recaptcha-route.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";

// The dev IdP's reCAPTCHA stand-in at Google's URLs (support/google-recaptcha-route.ts), on a page
// with the prd login page's Content-Security-Policy for reCAPTCHA: the widget checks in its frame
// and hands the page the token by postMessage, so the page connects to nothing for it, and only
// its own frame can hand it a token.

// Port 8851 belongs to this test.
const PORT = testPort(8851);
/** A made-up https site, answered by the test, standing in for the prd login page's origin. */
const PAGE_ORIGIN = "https://auth.example.test";
/** The dev IdP's site key (wrangler.toml, IDP_RECAPTCHA_SITE_KEY of dev). */
const SITE_KEY = "dev-recaptcha-site-key";
const GOOGLE_ORIGIN = new URL(GOOGLE_RECAPTCHA.scriptUrl).origin;
const TOKEN_URL = `${GOOGLE_ORIGIN}/recaptcha/token`;

let platform: RunningWorker;
let browser: Browser;
let idp: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  idp = `${platform.url}/idp`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The prd login page's CSP as far as reCAPTCHA goes (workers/auth/routes/login.tsx), the dev IdP as the provider's API. */
function prdLoginPolicy(): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${GOOGLE_RECAPTCHA.scriptSources.join(" ")}`,
    `connect-src 'self' ${new URL(idp).origin}`,
    `frame-src ${GOOGLE_RECAPTCHA.frameSources.join(" ")}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * The page's script, as the login page's (browser/pages/login/recaptcha.ts) uses the widget:
 * api.js from Google's URL with `onload` and `render=explicit`, one invisible widget whose
 * callbacks the test reads from the page.
 */
const PAGE_SCRIPT = `
window.solved = [];
window.failures = 0;
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  violations.push(event.violatedDirective + " " + event.blockedURI);
});
window.recaptchaLoaded = () => {
  window.widgetId = grecaptcha.render(document.getElementById("recaptcha"), {
    sitekey: ${JSON.stringify(SITE_KEY)},
    size: "invisible",
    badge: "inline",
    callback: (token) => solved.push(token),
    "expired-callback": () => {},
    "error-callback": () => { failures += 1; },
  });
};
const api = document.createElement("script");
api.src = ${JSON.stringify(`${GOOGLE_RECAPTCHA.scriptUrl}?onload=recaptchaLoaded&render=explicit&hl=en`)};
api.async = true;
document.head.append(api);
`;

/** A token message the page heard: where from, and whether its window is the widget's frame. */
interface Heard {
  origin: string;
  fromWidgetFrame: boolean;
  data: unknown;
}

interface PageState {
  solved: string[];
  failures: number;
  violations: string[];
  widgetId: number;
  grecaptcha: { execute(id: number): void; getResponse(id: number): string };
}

const state = (page: Page) =>
  page.evaluate(() => {
    const { solved, failures, violations, widgetId, grecaptcha } = globalThis as unknown as PageState;
    return { solved, failures, violations, response: grecaptcha.getResponse(widgetId) };
  });

const execute = (page: Page) =>
  page.evaluate(() => {
    const { grecaptcha, widgetId } = globalThis as unknown as PageState;
    grecaptcha.execute(widgetId);
  });

/** A browser of its own where Google's reCAPTCHA is the stand-in and the made-up site serves the page. */
async function rehearsalPage(name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "en-US" });
  context.setDefaultTimeout(20_000);
  onTestFinished(() => context.close());
  await routeGoogleRecaptcha(context, idp);
  await context.route(`${PAGE_ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/login") {
      return route.fulfill({
        contentType: "text/html; charset=utf-8",
        headers: { "content-security-policy": prdLoginPolicy() },
        body: `<!doctype html><html lang="en"><head><title>login</title><script src="/page.js" defer></script></head><body><div id="recaptcha"></div></body></html>`,
      });
    }
    if (pathname === "/page.js") return route.fulfill({ contentType: "text/javascript", body: PAGE_SCRIPT });
    return route.fulfill({ status: 404, body: "" });
  });
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  return { context, page };
}

/** The page with its widget rendered: the frame is in place and the badge shows. */
async function openWithWidget(page: Page): Promise<void> {
  await page.goto(`${PAGE_ORIGIN}/login`);
  await page.getByTitle("reCAPTCHA (dev stand-in)").waitFor({ state: "attached" });
  await page.getByText("Protected by reCAPTCHA (dev stand-in: checked on this machine)").waitFor();
}

const sendCode = (recaptchaToken: string) =>
  fetch(`${idp}/v1/accounts:sendVerificationCode?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phoneNumber: `+8170${String(Date.now()).slice(-8)}`, recaptchaToken }),
  });

describe("the dev reCAPTCHA stand-in at Google's URLs, under the prd login page's CSP", () => {
  it("renders its frame, hands the page a token from it, and the dev IdP accepts that token once", async () => {
    const { page } = await rehearsalPage("recaptcha-frame-prd-csp");
    const requested: { url: string; method: string; fromFrame: string; body: unknown }[] = [];
    page.on("request", (request) => {
      requested.push({
        url: request.url(),
        method: request.method(),
        fromFrame: request.frame().url(),
        body: request.postData() ? request.postDataJSON() : null,
      });
    });
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    await openWithWidget(page);
    const frame = page.getByTitle("reCAPTCHA (dev stand-in)");
    expect(await frame.getAttribute("src")).toBe(
      `${GOOGLE_ORIGIN}/recaptcha/frame?${new URLSearchParams({ k: SITE_KEY, origin: PAGE_ORIGIN })}`,
    );

    await execute(page);
    await page.waitForFunction(() => (globalThis as unknown as PageState).solved.length > 0);
    const { solved, failures, violations, response } = await state(page);
    expect(solved).toHaveLength(1);
    const token = solved[0] ?? "";
    expect(token).toMatch(/^dev-recaptcha\.[A-Za-z0-9_-]{43}$/);
    expect(response).toBe(token);
    expect(failures).toBe(0);
    expect(violations).toEqual([]);
    expect(refusals).toEqual([]);

    // The token came from the frame, at Google's origin; the page itself reached nothing but its own site.
    const tokenRequests = requested.filter((request) => request.url === TOKEN_URL);
    expect(tokenRequests).toEqual([
      { url: TOKEN_URL, method: "POST", fromFrame: await frame.getAttribute("src"), body: { siteKey: SITE_KEY } },
    ]);
    expect(requested.filter((request) => request.url.startsWith(platform.url))).toEqual([]);

    const first = await sendCode(token);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { sessionInfo: string }).sessionInfo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await sendCode(token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/^INVALID_APP_CREDENTIAL/);

    // The policy is enforced: the page's own request for a token, as a widget without a frame would make it, is refused.
    const direct = await page.evaluate(
      (url) =>
        fetch(url, { method: "POST" }).then(
          () => "answered",
          () => "refused",
        ),
      TOKEN_URL,
    );
    expect(direct).toBe("refused");
    await expect.poll(async () => (await state(page)).violations).toEqual([`connect-src ${TOKEN_URL}`]);
  });

  it("takes a token only from its own frame: the same message from another window or origin is ignored", async () => {
    const { page } = await rehearsalPage("recaptcha-frame-forged");
    // The frame's token request waits until the forged messages were heard, so the widget still waits too.
    let frameAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      frameAsked = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(TOKEN_URL, async (route) => {
      frameAsked();
      await released;
      await route.fallback();
    });
    // A page at Google's origin that is not the widget's frame (frame-src lets the page embed it).
    const forgerUrl = `${GOOGLE_ORIGIN}/recaptcha/forger`;
    await page.route(forgerUrl, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><script>parent.postMessage(${JSON.stringify({
          type: "dev-recaptcha:token",
          id: 1,
          token: "dev-recaptcha.forged-by-another-frame",
        })}, "*");</script>`,
      }),
    );
    await openWithWidget(page);
    // Token messages, heard after the widget's own listener (added when api.js ran): once one is
    // here, the widget has read it.
    await page.evaluate(() => {
      const widgetFrame = document.querySelector("iframe")?.contentWindow;
      const heard: Heard[] = [];
      (globalThis as unknown as { heard: Heard[] }).heard = heard;
      addEventListener("message", (event) => {
        if (event.data?.type !== "dev-recaptcha:token") return;
        heard.push({ origin: event.origin, fromWidgetFrame: event.source === widgetFrame, data: event.data });
      });
    });
    const heard = () => page.evaluate(() => (globalThis as unknown as { heard: Heard[] }).heard);

    await execute(page);
    await asked;
    // The page's own window, of the page's origin.
    await page.evaluate(() =>
      postMessage({ type: "dev-recaptcha:token", id: 1, token: "dev-recaptcha.forged-by-the-page" }, "*"),
    );
    // Another frame of the widget's origin.
    await page.evaluate((url) => {
      const forger = document.createElement("iframe");
      forger.title = "forger";
      forger.src = url;
      document.body.append(forger);
    }, forgerUrl);
    await expect.poll(async () => (await heard()).length).toBe(2);
    expect((await heard()).map(({ origin, fromWidgetFrame }) => ({ origin, fromWidgetFrame }))).toEqual([
      { origin: PAGE_ORIGIN, fromWidgetFrame: false },
      { origin: GOOGLE_ORIGIN, fromWidgetFrame: false },
    ]);
    expect(await state(page)).toEqual({ solved: [], failures: 0, violations: [], response: "" });

    // The frame's own answer, the same message but for its token, is taken.
    release();
    await page.waitForFunction(() => (globalThis as unknown as PageState).solved.length > 0);
    const { solved, response } = await state(page);
    expect(solved).toHaveLength(1);
    expect(solved[0]).toMatch(/^dev-recaptcha\.[A-Za-z0-9_-]{43}$/);
    expect(response).toBe(solved[0]);
    const answer = (await heard()).at(-1);
    expect(answer).toEqual({
      origin: GOOGLE_ORIGIN,
      fromWidgetFrame: true,
      data: { type: "dev-recaptcha:token", id: 1, token: solved[0] },
    });
  });
});
