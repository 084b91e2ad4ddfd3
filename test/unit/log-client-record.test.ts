import { describe, expect, it } from "vitest";
import { clientLogLine, LIMITS, RESERVED_PREFIX } from "../../src/log/client-record";
import { RecordRateLimit } from "../../src/log/rate-limit";

const base = {
  evt: { category: "authentication", name: "phone_otp", action: "verify_code", surface: "signIn", outcome: "success" },
  sessionId: "s-0123abcd",
  uid: "uid_AbC",
  page: { path: "/auth/login", clientId: "store" },
  client: { userAgent: "Mozilla/5.0" },
};

describe("client log record (POST /api/log rules)", () => {
  it("the server decides severity, message, origin, env and event; the client's values are dropped", () => {
    const line = clientLogLine(
      { ...base, severity: "EMERGENCY", timestamp: "1999", message: "pwned", origin: "x", env: "prd", event: "y" },
      "stg",
    );
    expect(line).toMatchObject({
      severity: "INFO",
      message: "auth phone_otp verify_code success",
      origin: "auth-web",
      env: "stg",
      event: "auth_client_event",
      uid: "uid_AbC",
      sessionId: "s-0123abcd",
    });
    expect(JSON.stringify(line)).not.toMatch(/EMERGENCY|1999|pwned/);
  });

  it("drops keys with the log agent's reserved prefix, at any depth", () => {
    const line = clientLogLine(
      { ...base, [`${RESERVED_PREFIX}trace`]: "t", extra: { [`${RESERVED_PREFIX}labels`]: { a: 1 }, kept: 1 } },
      "dev",
    );
    expect(JSON.stringify(line)).not.toContain(RESERVED_PREFIX);
    expect(line.context).toEqual({ extra: { kept: 1 } });
  });

  it("a failure is WARNING, a failure tagged with a known provider issue is NOTICE", () => {
    const failed = { ...base, evt: { ...base.evt, outcome: "failure" } };
    expect(clientLogLine(failed, "dev").severity).toBe("WARNING");
    const known = clientLogLine({ ...failed, knownIssue: "expired-callback" }, "dev");
    expect(known).toMatchObject({ severity: "NOTICE", knownIssue: "expired-callback" });
  });

  it("unknown enum values become unknown, never an error", () => {
    const line = clientLogLine({ evt: { name: "myspace", action: "dance", surface: 3, outcome: "maybe" } }, "dev");
    expect(line.evt).toEqual({
      category: "authentication",
      name: "unknown",
      action: "unknown",
      surface: "unknown",
      outcome: "unknown",
    });
    expect(clientLogLine("not an object", "dev").evt.name).toBe("unknown");
  });

  it("truncates beyond depth 4, 30 keys per object, 20 array items and 512 characters per string", () => {
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const line = clientLogLine(
      {
        ...base,
        deep: { two: { three: { four: { five: "gone" } } } },
        wide,
        list: Array.from({ length: 50 }, (_, i) => i),
        long: "y".repeat(2000),
      },
      "dev",
    );
    const context = line.context as Record<string, unknown>;
    expect(context.deep).toEqual({ two: { three: "[truncated]" } });
    expect(Object.keys(context.wide as object)).toHaveLength(LIMITS.keys);
    expect(context.list).toHaveLength(LIMITS.items);
    expect(context.long).toHaveLength(LIMITS.chars);
  });

  it("the page is its path only: no query, no fragment, no origin", () => {
    const line = clientLogLine({ ...base, page: { path: "/auth/login?code=secret#frag", clientId: "store" } }, "dev");
    expect(line.page).toEqual({ path: "/auth/login", clientId: "store" });
  });

  it("error codes keep the auth/<code> form or become unknown", () => {
    expect(clientLogLine({ ...base, error: { code: "auth/invalid-code", name: "E" } }, "dev").error?.code).toBe(
      "auth/invalid-code",
    );
    expect(clientLogLine({ ...base, error: { code: "DROP TABLE" } }, "dev").error?.code).toBe("unknown");
  });
});

describe("per-instance rate limit of /api/log", () => {
  it("60 records a minute per key and 1200 per instance; a new minute starts afresh", () => {
    let now = Date.parse("2026-05-01T10:00:00Z");
    const limit = new RecordRateLimit({ perKey: 60, total: 1200 }, () => now);
    expect(limit.take("a", 60)).toBe(true);
    expect(limit.take("a", 1)).toEqual({ retryAfterSeconds: 60 });
    for (let i = 0; i < 19; i += 1) expect(limit.take(`ip-${i}`, 60)).toBe(true);
    expect(limit.take("b", 1)).not.toBe(true);
    now += 60_000;
    expect(limit.take("a", 60)).toBe(true);
  });
});
