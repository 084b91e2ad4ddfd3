import { env, exports } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { handleError, notFound } from "../../src/worker-kit/errors";
import { createDevIdpApp } from "../../workers/dev-idp/app";
import { FakeClock } from "./auth-support";
import { API_KEY, config, IDP, idpPost, providerError } from "./helpers/dev-idp";

// The provider refuses accounts:sendVerificationCode from a web client without a solved reCAPTCHA;
// the dev IdP is as strict, with a widget of its own whose tokens it verifies once, for two minutes.

/** The dev IdP mounted as the platform mounts it, with a clock the test moves. */
function devIdpWithClock(clock: FakeClock) {
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("config", config);
    await next();
  });
  root.route(config.apps["dev-idp"]?.path ?? "/idp", createDevIdpApp({ clock: clock.now }));
  root.notFound(notFound);
  root.onError(handleError);
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  return async (path: string, body: unknown, query = `?key=${API_KEY}`): Promise<Response> =>
    root.fetch(
      new Request(`${IDP}${path}${query}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      env,
      ctx,
    );
}

/** What the dev widget does when it is executed: a response token for the dev site key. */
async function widgetToken(post = idpPost): Promise<string> {
  const res = await post("/recaptcha/token", { siteKey: config.idp.recaptchaSiteKey }, "");
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const sendCode = (body: Record<string, unknown>, post = idpPost) => post("/v1/accounts:sendVerificationCode", body);

describe("dev IdP: reCAPTCHA before an SMS code", () => {
  it("refuses a code request without a token: MISSING_RECAPTCHA_TOKEN, as the provider", async () => {
    expect(await providerError(await sendCode({ phoneNumber: "+15550100001" }))).toBe("MISSING_RECAPTCHA_TOKEN");
    expect(await providerError(await sendCode({ phoneNumber: "+15550100001", recaptchaToken: "" }))).toBe(
      "MISSING_RECAPTCHA_TOKEN",
    );
  });

  it("refuses a token its widget never handed out: INVALID_APP_CREDENTIAL", async () => {
    const res = await sendCode({ phoneNumber: "+15550100002", recaptchaToken: "dev-recaptcha.made-up" });
    expect(await providerError(res)).toMatch(/^INVALID_APP_CREDENTIAL/);
  });

  it("sends the code with a token of its widget, and verifies each token once", async () => {
    const recaptchaToken = await widgetToken();
    const first = await sendCode({ phoneNumber: "+15550100003", recaptchaToken });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { sessionInfo: string }).sessionInfo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await sendCode({ phoneNumber: "+15550100003", recaptchaToken });
    expect(await providerError(again)).toMatch(/^INVALID_APP_CREDENTIAL/);
  });

  it("a token is good for two minutes", async () => {
    const clock = new FakeClock();
    const post = devIdpWithClock(clock);
    const inTime = await widgetToken(post);
    const late = await widgetToken(post);
    clock.advance(2 * 60 * 1000);
    expect((await sendCode({ phoneNumber: "+15550100004", recaptchaToken: inTime }, post)).status).toBe(200);
    clock.advance(1);
    const expired = await sendCode({ phoneNumber: "+15550100004", recaptchaToken: late }, post);
    expect(await providerError(expired)).toBe("INVALID_APP_CREDENTIAL : reCAPTCHA token expired.");
  });

  it("checks the number before the token, so a typo does not spend the check", async () => {
    const recaptchaToken = await widgetToken();
    const local = await sendCode({ phoneNumber: "090-5555-0301", recaptchaToken });
    expect(await providerError(local)).toMatch(/^INVALID_PHONE_NUMBER/);
    expect((await sendCode({ phoneNumber: "+819055550301", recaptchaToken })).status).toBe(200);
  });

  it("hands tokens only to the dev site key, as Google's widget refuses a key it does not know", async () => {
    const res = await idpPost("/recaptcha/token", { siteKey: "6LcSomeoneElsesKey" }, "");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_site_key" });
    const malformed = await idpPost("/recaptcha/token", { site_key: config.idp.recaptchaSiteKey }, "");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "invalid_request" });
  });

  it("answers its site key at /v1/recaptchaParams, as the provider answers the project's", async () => {
    const res = await exports.default.fetch(`${IDP}/v1/recaptchaParams?key=${API_KEY}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      kind: "identitytoolkit#GetRecaptchaParamResponse",
      recaptchaSiteKey: "dev-recaptcha-site-key",
    });
    expect((await exports.default.fetch(`${IDP}/v1/recaptchaParams?key=wrong`)).status).toBe(400);
  });

  it("the token route answers no CORS: only the widget's frame, of the same origin, asks it", async () => {
    const res = await exports.default.fetch(`${IDP}/recaptcha/token`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://elsewhere.example" },
      body: JSON.stringify({ siteKey: config.idp.recaptchaSiteKey }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("serves the widget's frame with its script inline and a CSP that names the embedding origin", async () => {
    const query = new URLSearchParams({ k: config.idp.recaptchaSiteKey, origin: "https://auth.example.com" });
    const res = await exports.default.fetch(`${IDP}/recaptcha/frame?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    const page = await res.text();
    expect(page).toContain("<title>reCAPTCHA (dev stand-in)</title>");
    const script = /<script>([\s\S]*)<\/script>/.exec(page)?.[1] ?? "";
    expect(script).toContain("dev-recaptcha:execute");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
    const hash = btoa(String.fromCharCode(...digest));
    expect(res.headers.get("content-security-policy")).toBe(
      [
        "default-src 'none'",
        `script-src 'sha256-${hash}'`,
        "connect-src 'self'",
        "frame-ancestors https://auth.example.com",
        "form-action 'none'",
        "base-uri 'none'",
      ].join("; "),
    );
  });

  it.each([
    ["no origin", { k: "dev-recaptcha-site-key" }],
    ["an origin with a path", { k: "dev-recaptcha-site-key", origin: "https://auth.example.com/login" }],
    ["more CSP in the origin", { k: "dev-recaptcha-site-key", origin: "https://a.example; script-src *" }],
    ["a script URL", { k: "dev-recaptcha-site-key", origin: "javascript:alert(1)" }],
    ["no site key", { origin: "https://auth.example.com" }],
  ])("refuses a frame with %s: 400 invalid_request", async (_, params) => {
    const res = await exports.default.fetch(`${IDP}/recaptcha/frame?${new URLSearchParams(params)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });

  it("serves its widget script with grecaptcha's API, for the login page to load", async () => {
    const res = await exports.default.fetch(`${IDP}/recaptcha/api.js?onload=ready&render=explicit&hl=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const script = await res.text();
    for (const name of ["render", "execute", "reset", "getResponse", "grecaptcha", "expired-callback"]) {
      expect(script).toContain(name);
    }
  });
});
