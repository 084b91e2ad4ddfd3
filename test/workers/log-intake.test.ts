import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { AUTH, authWithClock, FakeClock, type Fetch, platform } from "./auth-support";

const record = (overrides: Record<string, unknown> = {}) => ({
  evt: { category: "authentication", name: "phone_otp", action: "send_code", surface: "signIn", outcome: "success" },
  sessionId: "sess-1234",
  uid: null,
  page: { path: "/auth/login", clientId: "store" },
  client: { userAgent: "Mozilla/5.0 (X11; Linux x86_64)" },
  ...overrides,
});

const post = (fetch: Fetch, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${AUTH}/api/log`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "cf-connecting-ip": "198.51.100.7", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

let spies: MockInstance[] = [];
beforeEach(() => {
  spies = [vi.spyOn(console, "log"), vi.spyOn(console, "warn"), vi.spyOn(console, "error")];
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

/** The client records written out: JSON lines with the intake's event. */
function intakeLines(): Record<string, unknown>[] {
  return spies
    .flatMap((spy) => spy.mock.calls.map((call) => String(call[0])))
    .filter((line) => line.includes('"auth_client_event"'))
    .map((line) => JSON.parse(line));
}

function allOutput(): string {
  return spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" "))).join("\n");
}

describe("POST /api/log", () => {
  it("accepts a record without credentials and writes one JSON line with the server's fields", async () => {
    const res = await post(platform, record({ severity: "DEBUG", message: "client says", timestamp: "x" }));
    expect(res.status).toBe(204);
    const [line] = intakeLines();
    expect(line).toMatchObject({
      severity: "INFO",
      message: "auth phone_otp send_code success",
      origin: "auth-web",
      env: "dev",
      event: "auth_client_event",
      uid: null,
      app: "auth",
      evt: { name: "phone_otp", action: "send_code", outcome: "success" },
      page: { path: "/auth/login", clientId: "store" },
    });
    expect(typeof line?.requestId).toBe("string");
    expect(allOutput()).not.toContain("client says");
  });

  it("writes one line per record of a batch", async () => {
    const res = await post(platform, [record(), record({ evt: { name: "google", action: "redirect_start" } })]);
    expect(res.status).toBe(204);
    expect(intakeLines().map((line) => (line.evt as { action: string }).action)).toEqual([
      "send_code",
      "redirect_start",
    ]);
  });

  it("answers 413 to a body over 16 KiB and writes nothing", async () => {
    const res = await post(platform, record({ padding: "x".repeat(16 * 1024) }));
    expect(res.status).toBe(413);
    expect(intakeLines()).toEqual([]);
  });

  it("answers 400 to a body that is not JSON", async () => {
    expect((await post(platform, "{not json")).status).toBe(400);
  });

  it("answers 429 past 60 records a minute from one IP, other IPs still pass; a new minute passes again", async () => {
    const clock = new FakeClock(Date.parse("2026-05-01T10:00:00Z"));
    const app = authWithClock(clock);
    const batch = Array.from({ length: 20 }, () => record());
    for (let i = 0; i < 3; i += 1) expect((await post(app, batch)).status).toBe(204);
    const limited = await post(app, record());
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Bodies that are not JSON count too: they cannot be used to get around the limit.
    expect((await post(app, "{not json")).status).toBe(429);
    expect((await post(app, record(), { "cf-connecting-ip": "203.0.113.9" })).status).toBe(204);
    clock.advance(60_000);
    expect((await post(app, record())).status).toBe(204);
  });

  it("answers 429 past 1200 records a minute on one instance, whatever the IPs", async () => {
    const app = authWithClock(new FakeClock(Date.parse("2026-05-01T10:00:30Z")));
    const batch = Array.from({ length: 20 }, () => record());
    for (let i = 0; i < 60; i += 1) {
      expect((await post(app, batch, { "cf-connecting-ip": `10.1.0.${i}` })).status).toBe(204);
    }
    expect((await post(app, record(), { "cf-connecting-ip": "10.2.0.1" })).status).toBe(429);
  });

  it("never writes the IP it limits by, nor e-mails, phone numbers or URLs planted in the record", async () => {
    const planted = ["alice@example.com", "+81 90-1234-5678", "https://example.com/login?code=abc", "2001:db8::1"];
    const text = planted.join(" and ");
    await post(
      platform,
      record({
        uid: "alice@example.com",
        sessionId: "+81 90-1234-5678",
        knownIssue: text,
        error: { code: "auth/x", name: text, message: text },
        page: { path: `/login/${text}?q=${text}`, clientId: text },
        client: { userAgent: text },
        [text]: { [text]: [text] },
      }),
      { "cf-connecting-ip": "198.51.100.77" },
    );
    expect(intakeLines()).toHaveLength(1);
    const output = allOutput();
    for (const value of [...planted, "198.51.100.77"]) expect(output).not.toContain(value);
  });

  it("never writes personal data disguised as full-width, percent-encoded or inside a JWT", async () => {
    const segment = (json: object) =>
      btoa(JSON.stringify(json)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const payload = segment({ email: "erin@example.com", user_id: "u_77" });
    const idToken = `${segment({ alg: "RS256", kid: "k1" })}.${payload}.c2lnbmF0dXJl`;
    const disguised = {
      "０９０-５５５５-０３０１": ["090-5555-0301", "５５５５"],
      "user%40example.com": ["user@example.com", "user%40example.com"],
      "user%2540example.com": ["user@example.com", "user%2540example.com"],
      [idToken]: [payload, "erin@example.com"],
    };
    for (const [planted, forms] of Object.entries(disguised)) {
      const text = `sign-in failed for ${planted} (retry)`;
      await post(
        platform,
        record({
          error: { code: "auth/invalid-phone-number", name: "FirebaseError", message: text },
          client: { userAgent: text },
          context: { note: text, code: "seat_taken" },
        }),
      );
      const line = intakeLines().at(-1);
      const written = JSON.stringify(line);
      for (const form of [planted, ...forms]) expect(written, planted).not.toContain(form);
      expect(line?.error).toMatchObject({
        code: "auth/invalid-phone-number",
        message: expect.stringMatching(/^sign-in failed for \[(phone|email|jwt)\] \(retry\)$/),
      });
      // A code is an outcome, not a secret: it stays readable.
      expect(line?.context).toMatchObject({ context: { code: "seat_taken" } });
    }
    expect(intakeLines()).toHaveLength(4);
  });

  it("answers CORS for a configured origin (beacon and keepalive fetch from a product page)", async () => {
    const res = await post(platform, record(), { origin: "https://dev.example.com" });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://dev.example.com");
    const other = await post(platform, record(), { origin: "https://evil.test" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
