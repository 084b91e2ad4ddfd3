import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { SmsSuccessRate } from "../../durable-objects/sms-rate/sms-success-rate";
import { SMS_RATE_RULES, type SmsRateState } from "../../src/ops/sms-success-rate";
import { AUTH, authWithClock, FakeClock, json, openLoginPage, STORE_TARGET } from "./auth-support";
import { config, idpPost } from "./helpers/dev-idp";

const OPS_WEBHOOK_URL = "https://ops-hook.test/notices";
let objects = 0;

/** A fresh rate object per test (the platform uses one, named "platform"). */
function freshRate(): { name: string; rate: DurableObjectStub<SmsSuccessRate> } {
  objects += 1;
  const name = `sms-rate-test-${objects}-${crypto.randomUUID()}`;
  return { name, rate: env.SMS_SUCCESS_RATE.get(env.SMS_SUCCESS_RATE.idFromName(name)) };
}

let warn: MockInstance;
let fetchSpy: MockInstance;
/** The operations webhook's deliveries (OPS_WEBHOOK_URL is set for the tests in vitest.config.ts). */
let posted: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  posted = [];
  warn = vi.spyOn(console, "warn");
  const realFetch = globalThis.fetch;
  fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== OPS_WEBHOOK_URL) return realFetch(request);
    posted.push({ url: request.url, body: await request.json() });
    return new Response(null, { status: 204 });
  });
});
afterEach(() => {
  warn.mockRestore();
  fetchSpy.mockRestore();
});

/** The notifier's log lines of SMS notices: kind and refs. */
function noticeLines(): Record<string, unknown>[] {
  return warn.mock.calls
    .map((call) => String(call[0]))
    .filter((line) => line.includes('"operations notice"') && line.includes('"sms_success_rate_'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The rate object's state, written as it would be after earlier traffic. */
async function seed(rate: DurableObjectStub<SmsSuccessRate>, state: SmsRateState): Promise<void> {
  await runInDurableObject(rate, (_object: SmsSuccessRate, storage) => storage.storage.kv.put("state", state));
}

/** Runs the object's alarms while attempts wait for their deadline: each one that passes fails. */
async function expireOpenAttempts(rate: DurableObjectStub<SmsSuccessRate>): Promise<void> {
  for (let ran = 0; ran < 50 && (await rate.status()).open > 0; ran += 1) {
    if (!(await runDurableObjectAlarm(rate))) break;
  }
}

const minuteStart = () => Math.floor(Date.now() / SMS_RATE_RULES.bucketMs) * SMS_RATE_RULES.bucketMs;

describe("the SMS success-rate object (document 1: alert line 75%)", () => {
  it("a verified attempt is a success; one that is not fails at its deadline, when the alarm fires", async () => {
    const { rate } = freshRate();
    expect(await rate.started({ attempt: "a1", address: "x" })).toBe(true);
    expect(await rate.started({ attempt: "a1", address: "x" })).toBe(false);
    expect(await rate.started({ attempt: "a2", address: "y" })).toBe(true);
    await rate.verified("a1");
    expect(await rate.status()).toMatchObject({ success: 1, failure: 0, open: 1 });
    expect(await runDurableObjectAlarm(rate)).toBe(true);
    expect(await rate.status()).toMatchObject({ success: 1, failure: 1, open: 0, alerting: false });
    expect(noticeLines()).toEqual([]);
  });

  it("attempts failing below the line with enough samples: exactly one notice, as a log line and a POST", async () => {
    const { rate } = freshRate();
    const start = minuteStart();
    await seed(rate, { buckets: [{ start, success: 14, failure: 0 }], alerting: false, at: start });
    for (let i = 0; i < 6; i += 1) await rate.started({ attempt: `a${i}`, address: `address-${i}` });
    await expireOpenAttempts(rate);
    expect(await rate.status()).toMatchObject({ success: 14, failure: 6, samples: 20, alerting: true });
    const refs = { successRatePercent: 70, successes: 14, failures: 6, windowMinutes: 15, alertLinePercent: 75 };
    expect(noticeLines()).toEqual([
      expect.objectContaining({
        severity: "WARNING",
        app: "auth",
        component: "sms-success-rate",
        opsNotice: "sms_success_rate_low",
        notice: expect.stringContaining("70%, below the 75% alert line"),
        ...refs,
      }),
    ]);
    expect(posted).toEqual([
      {
        url: OPS_WEBHOOK_URL,
        body: { kind: "sms_success_rate_low", message: expect.stringContaining("70%"), refs, environment: "dev" },
      },
    ]);
  });

  it("verified attempts bring a raised alert back at 80%: one recovery notice", async () => {
    const { rate } = freshRate();
    const start = minuteStart();
    await seed(rate, { buckets: [{ start, success: 15, failure: 5 }], alerting: true, at: start });
    for (let i = 0; i < 4; i += 1) await rate.verified(`v${i}`); // 19 of 24 = 79%
    expect(noticeLines()).toEqual([]);
    await rate.verified("v4"); // 20 of 25 = 80%
    expect(await rate.status()).toMatchObject({ samples: 25, alerting: false });
    expect(noticeLines().map((line) => line.opsNotice)).toEqual(["sms_success_rate_recovered"]);
    expect(posted.map((post) => post.body.kind)).toEqual(["sms_success_rate_recovered"]);
  });

  it("successes leaving the window can reveal the failures after them: the alarm sends the notice", async () => {
    const { rate } = freshRate();
    // 40 successes 13 minutes ago (they leave the window within the next two minutes), then 5 of 20 now.
    const old = minuteStart() - 13 * SMS_RATE_RULES.bucketMs;
    const now = minuteStart();
    await seed(rate, {
      buckets: [
        { start: old, success: 40, failure: 0 },
        { start: now, success: 5, failure: 15 },
      ],
      alerting: false,
      at: now,
    });
    // The next report (an attempt starting) evaluates the window and sets the alarm: 45 of 60, no notice.
    await rate.started({ attempt: "next", address: "z" });
    expect(noticeLines()).toEqual([]);
    expect(await runDurableObjectAlarm(rate)).toBe(true);
    expect(await rate.status()).toMatchObject({ samples: 20, rate: 0.25, alerting: true });
    expect(noticeLines()).toEqual([
      expect.objectContaining({ opsNotice: "sms_success_rate_low", successRatePercent: 25 }),
    ]);
    expect(posted).toHaveLength(1);
  });
});

describe("what the sign-in service reports to the rate", () => {
  const record = (action: string, outcome: string) => ({
    evt: { category: "authentication", name: "phone_otp", action, surface: "signIn", outcome },
    sessionId: "sess-sms",
  });

  /** The auth app whose SMS_SUCCESS_RATE binding reaches this test's own object, counting calls. */
  function appWithOwnRate(clock = new FakeClock()) {
    const { name, rate } = freshRate();
    const calls = { get: 0 };
    const namespace = {
      idFromName: (objectName: string) => {
        expect(objectName).toBe("platform");
        return env.SMS_SUCCESS_RATE.idFromName(name);
      },
      get: (id: DurableObjectId) => {
        calls.get += 1;
        return env.SMS_SUCCESS_RATE.get(id);
      },
    } as unknown as Env["SMS_SUCCESS_RATE"];
    const app = authWithClock(clock, undefined, { SMS_SUCCESS_RATE: namespace });
    /** A browser on the login page that sends an SMS code: its page's state, then the attempt's start. */
    const sendCode = async (ip: string) => {
      const page = await openLoginPage(app, { redirect_uri: STORE_TARGET, client_id: "store" });
      const started = await app(
        `${AUTH}/api/login/sms-attempt`,
        json({ state: page.state }, { cookie: page.nonceCookie, origin: new URL(AUTH).origin, "cf-connecting-ip": ip }),
      );
      expect(started.status).toBe(204);
      await app.settled();
      return page;
    };
    return { app, rate, calls, sendCode };
  }

  /** A phone sign-in at the dev IdP, as the login page makes it: an ID token with sign_in_provider phone. */
  async function phoneIdToken(phoneNumber: string): Promise<string> {
    const widget = await idpPost("/recaptcha/token", { siteKey: config.idp.recaptchaSiteKey }, "");
    const { token } = (await widget.json()) as { token: string };
    const sent = await idpPost("/v1/accounts:sendVerificationCode", { phoneNumber, recaptchaToken: token });
    const { sessionInfo } = (await sent.json()) as { sessionInfo: string };
    const signedIn = await idpPost("/v1/accounts:signInWithPhoneNumber", { sessionInfo, code: "123456" });
    return ((await signedIn.json()) as { idToken: string }).idToken;
  }

  it("the forging sequence: nine unauthenticated log bodies of SMS failures from five addresses never reach the rate", async () => {
    const { app, rate, calls } = appWithOwnRate();
    for (let body = 0; body < 9; body += 1) {
      const failures = Array.from({ length: 20 }, () => record(body % 2 ? "verify_code" : "send_code", "failure"));
      const res = await app(`${AUTH}/api/log`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", "cf-connecting-ip": `203.0.113.${body % 5}` },
        body: JSON.stringify(failures),
      });
      expect(res.status).toBe(204);
    }
    // And the successes that would clear the alert again.
    await app(`${AUTH}/api/log`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "cf-connecting-ip": "203.0.113.9" },
      body: JSON.stringify(Array.from({ length: 20 }, () => record("verify_code", "success"))),
    });
    await app.settled();
    expect(calls.get).toBe(0);
    expect(await rate.status()).toMatchObject({ samples: 0, open: 0, alerting: false });
    expect(noticeLines()).toEqual([]);
  });

  it("login states minted by the dozen from five addresses: at most three attempts each count, below the alert's 20", async () => {
    const { rate, sendCode } = appWithOwnRate();
    for (let i = 0; i < 20; i += 1) await sendCode(`198.51.100.${i % 5}`);
    expect(await rate.status()).toMatchObject({ open: 15 });
    await expireOpenAttempts(rate);
    expect(await rate.status()).toMatchObject({ failure: 15, samples: 15, alerting: false });
    expect(noticeLines()).toEqual([]);
  });

  it("a genuine phone sign-in counts once as a success; an attempt that never signs in fails at its deadline", async () => {
    const { app, rate, sendCode } = appWithOwnRate();
    const page = await sendCode("192.0.2.10");
    expect(await rate.status()).toMatchObject({ open: 1, samples: 0 });
    const idToken = await phoneIdToken(`+1555010${String(Date.now()).slice(-4)}`);
    const callback = (state: string, nonceCookie: string) =>
      app(
        `${AUTH}/api/callback`,
        json(
          { state, id_token: idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
          { cookie: nonceCookie, origin: new URL(AUTH).origin },
        ),
      );
    expect((await callback(page.state, page.nonceCookie)).status).toBe(200);
    await app.settled();
    expect(await rate.status()).toMatchObject({ success: 1, failure: 0, open: 0 });

    // The same sign-in posted again with another page's state is not a second success.
    const replay = await sendCode("192.0.2.11");
    expect((await callback(replay.state, replay.nonceCookie)).status).toBe(200);
    await app.settled();
    expect(await rate.status()).toMatchObject({ success: 1, open: 1 });
    await expireOpenAttempts(rate);
    expect(await rate.status()).toMatchObject({ success: 1, failure: 1, open: 0 });
  });

  it("refuses a start without this browser's login state, and such a request reaches no rate", async () => {
    const { app, calls } = appWithOwnRate();
    const page = await openLoginPage(app, { redirect_uri: STORE_TARGET, client_id: "store" });
    const post = (body: unknown, headers: Record<string, string>) =>
      app(`${AUTH}/api/login/sms-attempt`, json(body, { origin: new URL(AUTH).origin, ...headers }));
    expect(await (await post({ state: page.state }, {})).json()).toMatchObject({ error: "state_mismatch" });
    expect(await (await post({ state: "made-up" }, { cookie: page.nonceCookie })).json()).toMatchObject({
      error: "login_expired",
    });
    const elsewhere = await post({ state: page.state }, { cookie: page.nonceCookie, origin: "https://evil.example" });
    expect(elsewhere.status).toBe(403);
    expect((await post({}, { cookie: page.nonceCookie })).status).toBe(400);
    await app.settled();
    expect(calls.get).toBe(0);
  });

  it("an unreachable rate object does not change the answer; the failure is logged", async () => {
    const error = vi.spyOn(console, "error");
    try {
      const broken = {
        idFromName: () => env.SMS_SUCCESS_RATE.idFromName("unused"),
        get: () => ({ started: () => Promise.reject(new Error("object overloaded")) }),
      } as unknown as Env["SMS_SUCCESS_RATE"];
      const app = authWithClock(new FakeClock(), undefined, { SMS_SUCCESS_RATE: broken });
      const page = await openLoginPage(app, { redirect_uri: STORE_TARGET, client_id: "store" });
      const res = await app(
        `${AUTH}/api/login/sms-attempt`,
        json({ state: page.state }, { cookie: page.nonceCookie, origin: new URL(AUTH).origin }),
      );
      expect(res.status).toBe(204);
      await app.settled();
      const lines = error.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("SMS success rate"));
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          severity: "ERROR",
          message: "SMS success rate not updated",
          error: "object overloaded",
        }),
      ]);
    } finally {
      error.mockRestore();
    }
  });
});
