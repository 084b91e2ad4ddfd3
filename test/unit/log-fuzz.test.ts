import { describe, expect, it } from "vitest";
import { clientLogLine } from "../../src/log/client-record";
import { readableForm } from "../../src/log/readable-form";
import { scrubText } from "../../src/log/scrub";

const base64url = (json: object) => Buffer.from(JSON.stringify(json)).toString("base64url");
/** An ID token as the identity provider issues it: the payload carries the e-mail and the uid. */
const ID_TOKEN = [
  base64url({ alg: "RS256", kid: "3f1c", typ: "JWT" }),
  base64url({ iss: "https://securetoken.example.com/p", email: "carol@example.com", user_id: "u_42" }),
  "hV3mQ0pX_sN7yKq2Rf8aZ1cW4eT6bD9gJ5uL0oI3",
].join(".");

/** Personal data that must never reach a log line, in the forms clients and people write it. */
const PLANTED = {
  email: ["alice@example.com", "bob.smith+tag@mail.example.co.jp", "A_B-c@sub-domain.example.org"],
  phone: [
    "+81 90-1234-5678",
    "090-1234-5678",
    "09012345678",
    "(090) 1234 5678",
    "+1 (415) 555-0132",
    "+44 20 7946 0958",
    "+819012345678",
    "090.1234.5678",
  ],
  ip: [
    "192.168.0.1",
    "10.0.0.255",
    "8.8.8.8",
    "2001:db8::1",
    "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
    "::ffff:192.0.2.128",
    "fe80::1ff:fe23:4567:890a",
    "::1",
  ],
  url: [
    "https://example.com/login?code=abc",
    "http://localhost:8787/auth/login?x=1",
    "com.example.game.dev://auth?code=123",
    "www.example.com/account?token=1",
    "example.com/path?q=1",
    "shop.example.co.jp/orders/42",
    "//cdn.example.com/x.js",
    "localhost:8787/auth/login",
  ],
  // The same data written so that a pattern over the raw text would miss it.
  disguised: [
    "０９０-５５５５-０３０１",
    "＋８１ ９０-１２３４-５６７８",
    "user%40example.com",
    "user%2540example.com",
    "ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ",
    "dave\u200b@example.com",
    "%31%39%32.168.0.1",
    ID_TOKEN,
  ],
};
const ALL = Object.values(PLANTED).flat();

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What stands beside a value in free text: spaces, punctuation, line breaks (not letters or
// digits glued to it: then it is part of an id, which the scrubber leaves alone on purpose).
const SEPARATORS = [" ", ": ", "=", ", ", ";", "(", ")", "[", "]", '"', "'", "<", ">", "\n", "\t", " at "];

function plantedText(next: () => number, value: string): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const words = ["failed", "for", "user", "code", "sent to", "from", "auth/invalid"];
  const before = next() < 0.2 ? "" : `${pick(words)}${pick(SEPARATORS)}`;
  const after = next() < 0.2 ? "" : `${pick(SEPARATORS)}${pick(words)}`;
  // Sometimes near the 512-character cut, so truncation cannot leave half a value behind.
  const pad = next() < 0.2 ? `${"x".repeat(500 - before.length - Math.floor(next() * 20))} ` : "";
  return `${pad}${before}${value}${after}`;
}

/** A record with `value` planted in every field the client controls, keys included. */
function recordWith(next: () => number, value: string) {
  const t = () => plantedText(next, value);
  return {
    evt: { category: t(), name: t(), action: t(), surface: t(), outcome: t() },
    error: { code: t(), name: t(), message: t() },
    knownIssue: t(),
    sessionId: value,
    uid: value,
    page: { path: t(), clientId: t() },
    client: { userAgent: t() },
    [t()]: t(),
    nested: { [value]: [t(), { deeper: t(), list: [t(), t()] }] },
    ip: value,
    severity: t(),
    message: t(),
  };
}

describe("fuzz: e-mails, phone numbers, IPs, URLs and ID tokens, plain or disguised, planted in every field never reach the log line", () => {
  it("scrubs each planted value alone", () => {
    for (const value of ALL) {
      expect(scrubText(value), value).not.toContain(value);
      expect(scrubText(value), value).not.toContain(readableForm(value));
    }
  });

  it("scrubs them in 2000 random records, in every field", () => {
    const next = random(20261123);
    for (let i = 0; i < 2000; i += 1) {
      const value = ALL[Math.floor(next() * ALL.length)] as string;
      const line = JSON.stringify(clientLogLine(recordWith(next, value), "prd"));
      expect(line, `record ${i}, planted ${value}`).not.toContain(JSON.stringify(value).slice(1, -1));
      expect(line, `record ${i}, planted ${value}`).not.toContain(JSON.stringify(readableForm(value)).slice(1, -1));
    }
  });

  it("phone numbers sent as JSON numbers are scrubbed too", () => {
    const line = JSON.stringify(clientLogLine({ context: { tel: 819012345678, count: 3 } }, "prd"));
    expect(line).not.toContain("819012345678");
    expect(line).toContain('"count":3');
  });

  it("leaves what is not personal data alone", () => {
    for (const text of [
      "12:30:45",
      "auth/invalid-code",
      "v1.2.3",
      "/auth/login",
      "550e8400-e29b-41d4-a716-446655440000",
      "seat_taken",
      "/auth/a%20b",
    ]) {
      expect(scrubText(text)).toBe(text);
    }
  });
});
