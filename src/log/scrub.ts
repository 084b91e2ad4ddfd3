import { readableForm } from "./readable-form";

/**
 * What must never reach a log line: secrets (credential-named fields, JWTs), and personal data a
 * person could be found by (e-mail addresses, phone numbers, IP addresses, full URLs), also when
 * written full-width or percent-encoded. The server's logger and the client log intake
 * (document 1, /api/log rule 3) both pass every value through here. Codes (an error's
 * "seat_taken", "auth/invalid-code") are neither and stay readable.
 */

/** Keys whose values are credentials: the value is replaced whole, whatever it looks like. */
const SECRET_KEY =
  /(token|secret|password|passwd|authorization|cookie|api[-_]?key|private[-_]?key|signature|verifier|credential|^code$|session[-_]?id$)/i;

/** A `code` field holding a stable code (lower-case words) is an outcome, not a credential. */
const CODE_KEY = /^code$/i;
const CODE_WORD = /^[a-z]+(?:[_./-][a-z0-9]+){0,8}$/;

// Each pattern starts only where its token starts (a lookbehind), so a long text is scanned once,
// not once per character of every word.
/**
 * A JWT (JWS or JWE, compact form): base64url segments joined by dots, the first a JSON header
 * ('{"' encodes as "eyJ", '{ "' as "eyA", '{' and a line break or tab as "ewo", "ew0", "ewk"). Its
 * payload holds the e-mail and the uid in plain base64, and the whole is a credential: it goes.
 */
const JWT = /(?<![\w-])e(?:yJ|yA|w[o0k])[A-Za-z0-9_-]{13,}(?:\.[A-Za-z0-9_-]*){2,4}/g;
/**
 * One base64url segment of a JWT on its own (its payload copied out of the token): a candidate
 * that starts as encoded JSON does; it goes when it decodes to an object with a claim name.
 */
const JWT_SEGMENT = /(?<![\w.-])e(?:yJ|yA|w[o0k])[A-Za-z0-9_-]{13,}(?![\w.-])/g;
const CLAIM_NAMES = new Set([
  "iss",
  "sub",
  "aud",
  "exp",
  "iat",
  "nbf",
  "auth_time",
  "user_id",
  "uid",
  "email",
  "phone_number",
  "firebase",
  "claims",
]);
/** Longer candidates are no claims a log line would carry, and are not decoded (bounded work). */
const MAX_SEGMENT_LENGTH = 8_192;

/** Addresses in any script ("山田@例え.jp"), not only ASCII ones. */
const EMAIL = /(?<![\p{L}\p{M}\p{N}._%+-])[\p{L}\p{M}\p{N}._%+-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;
/** http(s), ws(s) and custom-scheme URLs: the whole URL goes, since path and query carry codes. */
const URL_PATTERN = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{1,30}:\/\/[^\s"'<>]+/gi;
/**
 * URLs written without a scheme: a host name (or localhost), an optional port, then a path, query
 * or fragment ("www.example.com/account?token=1", "//cdn.example.com/x.js"); and www. hosts alone.
 */
const SCHEMELESS_URL = /(?<![\w@.-])(?:\/\/)?(?:(?:[a-z0-9-]+\.)+[a-z]{2,63}|localhost)(?::\d{1,5})?[/?#][^\s"'<>]*/gi;
const WWW_HOST = /(?<![\w@.-])www\.(?:[a-z0-9-]+\.)+[a-z]{2,63}\b/gi;
const IPV4 = /\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g;
/** IPv6 candidates: hex groups and colons; isIpv6 keeps clock times such as 12:30:45 out. */
const IPV6_CANDIDATE = /(?=[0-9a-f]{0,4}:)(?<!\w|[0-9a-f]:)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?!\w|:[0-9a-f])/gi;
const isIpv6 = (text: string) => (text.includes("::") && /[0-9a-f]/i.test(text)) || text.split(":").length === 8;
/**
 * Phone numbers: an optional +, then 8-15 digits of any script (NFKC leaves Arabic-Indic or
 * Devanagari digits as they are) that may be split by spaces, dots, dashes, slashes or brackets;
 * not a run of digits inside a longer id (a UUID's "12345678-7da4" stays). Dates of 8 digits
 * ("2026-11-28") match too: a date lost from a line costs less than a number kept in one.
 */
const PHONE =
  /(?<![A-Za-z\p{Nd}]|[A-Za-z\p{Nd}][-./])\+?\(?\p{Nd}(?:[\s()./-]{0,2}\p{Nd}){7,14}(?![A-Za-z\p{Nd}]|[-./][A-Za-z\p{Nd}])/gu;
const DIGIT = /\p{Nd}/u;

export const REDACTED = "[redacted]";

function holdsClaims(segment: string): boolean {
  if (segment.length > MAX_SEGMENT_LENGTH) return false;
  try {
    const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    return typeof json === "object" && json !== null && Object.keys(json).some((key) => CLAIM_NAMES.has(key));
  } catch {
    return false;
  }
}

/**
 * Free text with every JWT, e-mail address, URL, IP address and phone number replaced. The text is
 * also read in its readable form (readable-form.ts): when that form holds something to replace,
 * the line carries it, scrubbed; otherwise the text stays as written (its "%20" and full-width
 * letters included).
 */
export function scrubText(text: string): string {
  const readable = readableForm(text);
  if (readable === text) return scrubWritten(text);
  const scrubbedReadable = scrubWritten(readable);
  return scrubbedReadable !== readable ? scrubbedReadable : scrubWritten(text);
}

function scrubWritten(text: string): string {
  // Each pass only where the text has the character its pattern needs (most log values have none).
  let out = text;
  if (out.includes(".")) out = out.replace(JWT, "[jwt]");
  if (/e(?:yJ|yA|w[o0k])/.test(out)) out = out.replace(JWT_SEGMENT, (match) => (holdsClaims(match) ? "[jwt]" : match));
  if (out.includes("://")) out = out.replace(URL_PATTERN, "[url]");
  if (out.includes("@")) out = out.replace(EMAIL, "[email]");
  if (/[/?#]/.test(out)) out = out.replace(SCHEMELESS_URL, "[url]");
  if (/www\./i.test(out)) out = out.replace(WWW_HOST, "[url]");
  if (out.includes(".")) out = out.replace(IPV4, "[ip]");
  if (out.includes(":")) out = out.replace(IPV6_CANDIDATE, (match) => (isIpv6(match) ? "[ip]" : match));
  if (DIGIT.test(out)) out = out.replace(PHONE, "[phone]");
  return out;
}

/**
 * The value of this field is a credential and is replaced whole: the key names one, except a
 * `code` that holds a code word (an outcome such as "seat_taken"; authorization and transfer
 * codes are long random strings with upper-case letters, sign-in codes are digits).
 */
export function isSecretField(key: string, value: unknown): boolean {
  if (!SECRET_KEY.test(key)) return false;
  return !(CODE_KEY.test(key) && typeof value === "string" && value.length <= 64 && CODE_WORD.test(value));
}

/**
 * A copy of `value` safe to log: secret-named keys redacted, strings scrubbed, Errors reduced
 * to name and message. Cycles and very deep values end in "[…]" rather than a crash.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= 8) return "[…]";
  if (value instanceof Error) return scrubText(`${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretField(key, item) ? REDACTED : scrubValue(item, depth + 1);
  }
  return out;
}
