import { describe, expect, it } from "vitest";
import { createLogger, type Severity } from "../../src/log/logger";
import { scrubText, scrubValue } from "../../src/log/scrub";

function recorder() {
  const lines: { severity: Severity; line: string }[] = [];
  return { lines, sink: (severity: Severity, line: string) => lines.push({ severity, line }) };
}

describe("logger", () => {
  it("writes one JSON object per line: severity, message, its context and the fields", () => {
    const { lines, sink } = recorder();
    const log = createLogger({ app: "auth", environment: "prd", requestId: "r-12345678" }, { sink });
    log.warn("session refresh not written", { attempt: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.severity).toBe("WARNING");
    expect(JSON.parse(lines[0]?.line ?? "")).toEqual({
      severity: "WARNING",
      message: "session refresh not written",
      app: "auth",
      environment: "prd",
      requestId: "r-12345678",
      attempt: 2,
    });
  });

  it("uses the log agent's severity names", () => {
    const { lines, sink } = recorder();
    const log = createLogger({}, { sink });
    log.debug("a");
    log.info("b");
    log.notice("c");
    log.warn("d");
    log.error("e");
    log.critical("f");
    expect(lines.map((l) => l.severity)).toEqual(["DEBUG", "INFO", "NOTICE", "WARNING", "ERROR", "CRITICAL"]);
  });

  it("adds a child's fields to every line", () => {
    const { lines, sink } = recorder();
    createLogger({ app: "rooms" }, { sink }).child({ component: "room" }).info("room started");
    expect(JSON.parse(lines[0]?.line ?? "")).toMatchObject({ app: "rooms", component: "room" });
  });

  it("redacts secret-named fields and scrubs personal data out of the message and the fields", () => {
    const { lines, sink } = recorder();
    createLogger({ app: "auth" }, { sink }).error("sign-in failed for ann@example.com", {
      idToken: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
      nested: { password: "hunter2", note: "called from 203.0.113.9 about +81 90-1234-5678" },
      url: "https://auth.example.com/transfer?code=abc",
    });
    const record = JSON.parse(lines[0]?.line ?? "");
    expect(record).toEqual({
      severity: "ERROR",
      message: "sign-in failed for [email]",
      app: "auth",
      idToken: "[redacted]",
      nested: { password: "[redacted]", note: "called from [ip] about [phone]" },
      url: "[url]",
    });
  });

  it("writes a rejected action's code as is: a code is not a credential", () => {
    const { lines, sink } = recorder();
    createLogger({ app: "rooms" }, { sink }).info("action rejected", { code: "unknown_action", action: "move" });
    expect(JSON.parse(lines[0]?.line ?? "")).toMatchObject({ code: "unknown_action", action: "move" });
  });

  it("keeps its own fields exact (request id, route, status)", () => {
    const { lines, sink } = recorder();
    createLogger({ requestId: "8f1c2d3e4a5b6c7d-NRT" }, { sink }).info("request", {
      route: "/api/publish-tokens/:id",
      status: 404,
      durationMs: 3,
    });
    expect(JSON.parse(lines[0]?.line ?? "")).toMatchObject({
      requestId: "8f1c2d3e4a5b6c7d-NRT",
      route: "/api/publish-tokens/:id",
      status: 404,
    });
  });

  it("prints the same fields on one readable line in the pretty format (dev)", () => {
    const { lines, sink } = recorder();
    createLogger({ app: "rooms", environment: "dev", requestId: "abcdef1234" }, { sink, format: "pretty" })
      .child({ component: "room" })
      .warn("egress refused", { reason: "host not on the allow-list" });
    expect(lines[0]?.line).toBe(
      'WARNING  rooms/room egress refused {"reason":"host not on the allow-list"} [abcdef1234]',
    );
  });
});

describe("scrubber", () => {
  it.each([
    ["an e-mail address", "write to ann.lee+x@mail.example.co.jp now", "write to [email] now"],
    ["an https URL with its query", "see https://a.example.com/x?code=1 then", "see [url] then"],
    ["an app-scheme URL", "back to com.example.game://auth?code=2", "back to [url]"],
    ["an IPv4 address", "from 192.0.2.10", "from [ip]"],
    ["an IPv6 address", "from 2001:db8::8a2e:370:7334 and ::1", "from [ip] and [ip]"],
    ["an international phone number", "call +81 90-1234-5678", "call [phone]"],
    ["a national phone number", "call (555) 123-4567 or 090-1234-5678", "call [phone] or [phone]"],
  ])("removes %s", (_, input, output) => {
    expect(scrubText(input)).toBe(output);
  });

  it.each([
    ["a UUID", "12345678-7da4-4331-87b0-7e0ac63a8621"],
    ["a clock time", "at 12:30:45"],
    ["a payment intent id", "pi_3Nabc123456789"],
    ["a duration", "took 1234 ms"],
  ])("keeps %s", (_, input) => {
    expect(scrubText(input)).toBe(input);
  });

  it.each([
    ["a full-width phone number", "call ０９０-５５５５-０３０１ now", "call [phone] now"],
    ["a phone number in Arabic-Indic digits", "call ٠٩٠١٢٣٤٥٦٧٨", "call [phone]"],
    ["a full-width e-mail address", "mail ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ", "mail [email]"],
    ["a URL-encoded e-mail address", "next=user%40example.com&x=1", "next=[email]&x=1"],
    ["a doubly URL-encoded e-mail address", "next=user%2540example.com", "next=[email]"],
    ["an e-mail address with a full-width percent escape", "to user％40example.com", "to [email]"],
    ["an e-mail address split by a zero-width space", "to user\u200b@example.com", "to [email]"],
    ["an e-mail address outside ASCII", "to 山田@例え.jp です", "to [email] です"],
    ["a URL-encoded phone number", "tel=%2B81%2090-1234-5678", "tel=[phone]"],
    ["a full-width IPv4 address", "from １９２．０．２．１０", "from [ip]"],
    ["a phone number split by hyphens (U+2010)", "call 090\u20105555\u20100301", "call [phone]"],
    ["a phone number split by minus signs (U+2212)", "call 090\u22125555\u22120301", "call [phone]"],
    ["a phone number split by slashes", "call 090/5555/0301", "call [phone]"],
    ["an e-mail address with a decimal character reference", "to user&#64;example.com", "to [email]"],
    ["an e-mail address with a hex character reference", "to user&#x40;example&#46;com", "to [email]"],
    ["an e-mail address with a named character reference", "to user&commat;example.com", "to [email]"],
  ])("removes %s, whatever its encoding", (_, input, output) => {
    expect(scrubText(input)).toBe(output);
  });

  it("drops a whole JWT (its payload carries the e-mail), with or without a signature", () => {
    const segment = (json: object) => Buffer.from(JSON.stringify(json)).toString("base64url");
    const payload = segment({ email: "ann@example.com", user_id: "u1" });
    const signed = `${segment({ alg: "RS256", kid: "k1" })}.${payload}.c2lnbmF0dXJlLWJ5dGVz`;
    const unsigned = `${segment({ alg: "none" })}.${payload}.`;
    const spaced = `${Buffer.from('{ "alg": "HS256" }').toString("base64url")}.${payload}.c2ln`;
    for (const token of [signed, unsigned, spaced]) {
      expect(scrubText(`Bearer ${token} refused`)).toBe("Bearer [jwt] refused");
    }
  });

  it("drops a JWT's payload segment on its own, and keeps base64url that holds no claims", () => {
    const segment = (json: object) => Buffer.from(JSON.stringify(json)).toString("base64url");
    const payload = segment({ iss: "https://securetoken.google.com/p", sub: "u1", email: "ann@example.com" });
    expect(scrubText(`payload ${payload} refused`)).toBe("payload [jwt] refused");
    const header = segment({ alg: "RS256", kid: "k1" });
    expect(scrubText(`header ${header}`)).toBe(`header ${header}`);
  });

  it.each([
    ["an HTML character reference of no personal data", "a &amp; b"],
    ["a percent-encoded path", "/auth/a%20b/c?x=%2F"],
    ["half-width katakana", "ﾛｸﾞｲﾝ 失敗"],
    ["an error code", "seat_taken"],
    ["a host name that starts like a JWT header", "eyeglasses.example.com"],
    ["a version", "v1.2.3"],
  ])("leaves %s as written when it holds nothing to scrub", (_, input) => {
    expect(scrubText(input)).toBe(input);
  });

  it("keeps a code word under a code key (an outcome); a code that is a credential is redacted", () => {
    const out = scrubValue({
      rejected: { code: "seat_taken" },
      refusal: { code: "auth/invalid-code" },
      exchange: { code: "Yk3pQ9_zL0vR2mX8-wT5nB7cD1fG4hJ6sA0eU2iO9kM" },
      otp: { code: "123456" },
    });
    expect(out).toEqual({
      rejected: { code: "seat_taken" },
      refusal: { code: "auth/invalid-code" },
      exchange: { code: "[redacted]" },
      otp: { code: "[redacted]" },
    });
  });

  it("replaces the value of every secret-named key, at any depth, and survives a cycle", () => {
    const cyclic: Record<string, unknown> = { code: "Yk3pQ9_zL0vR2mX8", list: [{ refresh_token: "r" }] };
    cyclic.self = cyclic;
    const out = scrubValue(cyclic) as Record<string, unknown>;
    expect(out.code).toBe("[redacted]");
    expect(out.list).toEqual([{ refresh_token: "[redacted]" }]);
  });
});
