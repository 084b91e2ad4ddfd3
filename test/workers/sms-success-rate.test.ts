import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { SmsSuccessRate } from "../../durable-objects/sms-rate/sms-success-rate";
import { SMS_RATE_RULES, type SmsRateState } from "../../src/ops/sms-success-rate";
import { AUTH, authWithClock, FakeClock } from "./auth-support";

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

async function runAllAlarms(rate: DurableObjectStub<SmsSuccessRate>): Promise<number> {
  let ran = 0;
  // At most one alarm per minute bucket of the window.
  while (ran <= SMS_RATE_RULES.windowMs / SMS_RATE_RULES.bucketMs && (await runDurableObjectAlarm(rate))) ran += 1;
  return ran;
}

describe("SMS sign-in success rate (document 1: alert line 75%)", () => {
  it("at 80% success: no notice", async () => {
    const { rate } = freshRate();
    for (let i = 0; i < 5; i += 1) await rate.record({ success: 8, failure: 2 });
    expect(await rate.status()).toMatchObject({ samples: 50, rate: 0.8, alerting: false });
    expect(noticeLines()).toEqual([]);
    expect(posted).toEqual([]);
  });

  it("below 75% but fewer than 20 outcomes in the window: no notice", async () => {
    const { rate } = freshRate();
    await rate.record({ success: 0, failure: 1 });
    await rate.record({ success: 5, failure: 13 });
    expect(await rate.status()).toMatchObject({ samples: 19, alerting: false });
    expect(noticeLines()).toEqual([]);
  });

  it("below 75% with enough outcomes: exactly one notice, as a log line and a POST, however many records follow", async () => {
    const { rate } = freshRate();
    await rate.record({ success: 14, failure: 6 }); // 70% of 20
    for (let i = 0; i < 5; i += 1) await rate.record({ success: 0, failure: 3 });
    expect(await rate.status()).toMatchObject({ samples: 35, alerting: true });
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

  it("outcomes leave the window as its alarm moves time on; an empty window keeps the alert until outcomes show recovery", async () => {
    const { rate } = freshRate();
    await rate.record({ success: 0, failure: 20 });
    expect((await rate.status()).alerting).toBe(true);
    expect(await runAllAlarms(rate)).toBeGreaterThan(0);
    expect(await rate.status()).toMatchObject({ samples: 0, rate: null, alerting: true });
    // Nothing left in the window: no alarm stays set.
    expect(await runDurableObjectAlarm(rate)).toBe(false);
    await rate.record({ success: 15, failure: 5 }); // 75%: at the line, not yet recovered (80% clears it)
    expect(noticeLines().map((line) => line.opsNotice)).toEqual(["sms_success_rate_low"]);
    await rate.record({ success: 5, failure: 0 }); // 20 of 25 = 80%
    expect(await rate.status()).toMatchObject({ samples: 25, alerting: false });
    expect(noticeLines().map((line) => line.opsNotice)).toEqual(["sms_success_rate_low", "sms_success_rate_recovered"]);
    expect(posted.map((post) => post.body.kind)).toEqual(["sms_success_rate_low", "sms_success_rate_recovered"]);
  });

  it("successes leaving the window can reveal the failures after them: the alarm sends the notice", async () => {
    const { rate } = freshRate();
    // 40 successes 13 minutes ago (they leave the window within the next two minutes), then 5 of 20 now.
    const minute = SMS_RATE_RULES.bucketMs;
    const old = Math.floor(Date.now() / minute) * minute - 13 * minute;
    const seeded: SmsRateState = { buckets: [{ start: old, success: 40, failure: 0 }], alerting: false, at: old };
    await runInDurableObject(rate, (_object: SmsSuccessRate, state) => state.storage.kv.put("state", seeded));
    await rate.record({ success: 5, failure: 15 });
    expect(await rate.status()).toMatchObject({ samples: 60, rate: 0.75, alerting: false });
    expect(noticeLines()).toEqual([]);
    expect(await runDurableObjectAlarm(rate)).toBe(true);
    expect(await rate.status()).toMatchObject({ samples: 20, rate: 0.25, alerting: true });
    expect(noticeLines()).toEqual([
      expect.objectContaining({ opsNotice: "sms_success_rate_low", successRatePercent: 25 }),
    ]);
    expect(posted).toHaveLength(1);
  });
});

describe("POST /api/log feeds the rate", () => {
  const record = (action: string, outcome: string, name = "phone_otp") => ({
    evt: { category: "authentication", name, action, surface: "signIn", outcome },
    sessionId: "sess-sms",
  });

  /** The auth app whose SMS_SUCCESS_RATE binding reaches this test's own object, counting calls. */
  function intakeWithOwnRate() {
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
    const app = authWithClock(new FakeClock(), undefined, { SMS_SUCCESS_RATE: namespace });
    const post = (body: unknown, ip = "198.51.100.20") =>
      app(`${AUTH}/api/log`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", "cf-connecting-ip": ip },
        body: JSON.stringify(body),
      });
    return { app, rate, calls, post };
  }

  it("counts phone_otp send_code and verify_code outcomes, one object call per body", async () => {
    const { app, rate, calls, post } = intakeWithOwnRate();
    const body = [
      ...Array.from({ length: 6 }, () => record("send_code", "success")),
      ...Array.from({ length: 4 }, () => record("verify_code", "success")),
      ...Array.from({ length: 5 }, () => record("verify_code", "failure")),
      record("send_code", "failure"),
      // Not SMS outcomes: another sign-in method, another action, no outcome.
      record("redirect_start", "success", "google"),
      record("render", "success", "recaptcha"),
      record("expire", "failure"),
      record("verify_code", "maybe"),
    ];
    expect((await post(body)).status).toBe(204);
    await app.settled();
    expect(calls.get).toBe(1);
    expect(await rate.status()).toMatchObject({ success: 10, failure: 6, samples: 16, alerting: false });
    expect((await post(Array.from({ length: 4 }, () => record("verify_code", "failure")))).status).toBe(204);
    await app.settled();
    expect(calls.get).toBe(2);
    expect(await rate.status()).toMatchObject({ samples: 20, rate: 0.5, alerting: true });
    expect(noticeLines().map((line) => line.opsNotice)).toEqual(["sms_success_rate_low"]);
  });

  it("a body without SMS outcomes never calls the object", async () => {
    const { app, calls, post } = intakeWithOwnRate();
    expect((await post([record("redirect_start", "success", "google"), record("sign_in", "failure")])).status).toBe(
      204,
    );
    await app.settled();
    expect(calls.get).toBe(0);
  });

  it("an unreachable rate object does not change the intake's answer; the failure is logged", async () => {
    const error = vi.spyOn(console, "error");
    try {
      const broken = {
        idFromName: () => env.SMS_SUCCESS_RATE.idFromName("unused"),
        get: () => ({ record: () => Promise.reject(new Error("object overloaded")) }),
      } as unknown as Env["SMS_SUCCESS_RATE"];
      const app = authWithClock(new FakeClock(), undefined, { SMS_SUCCESS_RATE: broken });
      const res = await app(`${AUTH}/api/log`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", "cf-connecting-ip": "198.51.100.21" },
        body: JSON.stringify(record("verify_code", "failure")),
      });
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
