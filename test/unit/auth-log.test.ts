import { describe, expect, it, vi } from "vitest";
import {
  type AuthEvent,
  batches,
  createAuthLog,
  MAX_BATCH_RECORDS,
  type Transport,
} from "../../browser/auth-log/auth-log";
import { knownIssueOf } from "../../browser/auth-log/known-issues";
import { AUTH_LOG_SCRIPT, bundlePageScript } from "../../tools/build/pages";

const TARGET = "https://auth.example.com/api/log";
const event: AuthEvent = { name: "phone_otp", action: "send_code", surface: "signIn", outcome: "success" };

function fakeTransport(beacon: boolean | "missing" | "throws") {
  const sent: { via: string; url: string; body: string; init?: unknown }[] = [];
  const transport: Transport = {
    sendBeacon:
      beacon === "missing"
        ? undefined
        : (url, body) => {
            if (beacon === "throws") throw new TypeError("beacon refused");
            if (beacon) sent.push({ via: "beacon", url, body });
            return beacon;
          },
    fetch: async (url, init) => {
      sent.push({ via: "fetch", url, body: init.body, init });
      return {};
    },
  };
  return { transport, sent };
}

/** A log whose delayed flush runs only when the test says. */
function logWith(transport: Transport, target: string | null = TARGET) {
  const pending: (() => void)[] = [];
  const log = createAuthLog({ target, transport, sessionId: "s1", schedule: (work) => pending.push(work) });
  return {
    log,
    runTimers: () => {
      for (const work of pending.splice(0)) work();
    },
  };
}

describe("client auth-log library", () => {
  it("sends nothing without a target (the default)", () => {
    const { transport, sent } = fakeTransport(true);
    const fetchSpy = vi.spyOn(transport, "fetch");
    const { log, runTimers } = logWith(transport, null);
    log.event(event);
    log.flush();
    runTimers();
    expect(log.enabled).toBe(false);
    expect(sent).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(createAuthLog().enabled).toBe(false);
  });

  it("sends by beacon first, in one batch of the queued events", () => {
    const { transport, sent } = fakeTransport(true);
    const { log, runTimers } = logWith(transport);
    log.event(event);
    log.event({ ...event, action: "verify_code", outcome: "failure", error: { code: "auth/invalid-code" } });
    expect(sent).toEqual([]);
    runTimers();
    expect(sent.map((s) => s.via)).toEqual(["beacon"]);
    const records = JSON.parse(sent[0]?.body ?? "[]");
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({
      evt: { category: "authentication", name: "phone_otp", action: "verify_code", outcome: "failure" },
      error: { code: "auth/invalid-code" },
      knownIssue: null,
      sessionId: "s1",
    });
  });

  it("falls back to a keepalive fetch when the beacon is refused, missing or throws", () => {
    for (const beacon of [false, "missing", "throws"] as const) {
      const { transport, sent } = fakeTransport(beacon);
      const { log } = logWith(transport);
      log.event(event);
      log.flush();
      expect(
        sent.map((s) => s.via),
        String(beacon),
      ).toEqual(["fetch"]);
      expect(sent[0]?.init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit" });
    }
  });

  it("batches under 16 KiB and at most 20 records a body, losing none", () => {
    const records = Array.from({ length: 100 }, (_, i) => JSON.stringify({ i, pad: "é".repeat(400) }));
    const bodies = batches(records);
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThan(16 * 1024);
      expect(JSON.parse(body).length).toBeLessThanOrEqual(MAX_BATCH_RECORDS);
    }
    expect(bodies.flatMap((body) => JSON.parse(body).map((r: { i: number }) => r.i))).toEqual(records.map((_, i) => i));
  });

  it("tags failures of known identity-provider defects, and only those", () => {
    expect(knownIssueOf({ code: "auth/missing-initial-state" })).toBe("redirect-missing-initial-state");
    expect(knownIssueOf({ code: "auth/internal-error", message: "reCAPTCHA has already been rendered" })).toBe(
      "recaptcha-internal-error",
    );
    expect(knownIssueOf({ code: "auth/internal-error", message: "boom" })).toBeNull();
    expect(knownIssueOf({ code: "auth/invalid-code" })).toBeNull();
    const { transport, sent } = fakeTransport(true);
    const { log } = logWith(transport);
    log.event({ ...event, outcome: "failure", error: { code: "auth/web-storage-unsupported" } });
    log.flush();
    expect(JSON.parse(sent[0]?.body ?? "[]")[0].knownIssue).toBe("web-storage-unsupported");
  });

  it("the built public/auth/auth-log.js, loaded as a plain script, sets window.authLog", async () => {
    const page: { authLog?: { createAuthLog: typeof createAuthLog; knownIssueOf: typeof knownIssueOf } } = {};
    new Function("globalThis", await bundlePageScript(AUTH_LOG_SCRIPT))(page);
    expect(page.authLog?.knownIssueOf({ code: "auth/web-storage-unsupported" })).toBe("web-storage-unsupported");
    const { transport, sent } = fakeTransport(true);
    const log = page.authLog?.createAuthLog({ target: TARGET, transport, sessionId: "s1" });
    log?.event(event);
    log?.flush();
    expect(sent.map((s) => s.url)).toEqual([TARGET]);
  });
});
