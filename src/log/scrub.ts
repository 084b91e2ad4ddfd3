/**
 * What must never reach a log line: secrets, and personal data a person could be found by
 * (e-mail addresses, phone numbers, IP addresses, full URLs). The server's logger and the client
 * log intake (document 1, /api/log rule 3) both pass every value through here.
 */

/** Keys whose values are credentials: the value is replaced whole, whatever it looks like. */
const SECRET_KEY =
  /(token|secret|password|passwd|authorization|cookie|api[-_]?key|private[-_]?key|signature|verifier|credential|^code$|session[-_]?id$)/i;

// Each pattern starts only where its token starts (a lookbehind), so a long text is scanned once,
// not once per character of every word.
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
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
 * Phone numbers: an optional +, then 8-15 digits that may be split by spaces, dots, dashes or
 * brackets; not a run of digits inside a longer id (a UUID's "12345678-7da4" stays).
 */
const PHONE = /(?<![A-Za-z0-9]|[A-Za-z0-9][-.])\+?\(?\d(?:[\s().-]{0,2}\d){7,14}(?![A-Za-z0-9]|[-.][A-Za-z0-9])/g;

export const REDACTED = "[redacted]";

/** Free text with every e-mail address, URL, IP address and phone number replaced. */
export function scrubText(text: string): string {
  // Each pass only where the text has the character its pattern needs (most log values have none).
  let out = text;
  if (out.includes("://")) out = out.replace(URL_PATTERN, "[url]");
  if (out.includes("@")) out = out.replace(EMAIL, "[email]");
  if (/[/?#]/.test(out)) out = out.replace(SCHEMELESS_URL, "[url]");
  if (/www\./i.test(out)) out = out.replace(WWW_HOST, "[url]");
  if (out.includes(".")) out = out.replace(IPV4, "[ip]");
  if (out.includes(":")) out = out.replace(IPV6_CANDIDATE, (match) => (isIpv6(match) ? "[ip]" : match));
  if (/\d/.test(out)) out = out.replace(PHONE, "[phone]");
  return out;
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
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
    out[key] = isSecretKey(key) ? REDACTED : scrubValue(item, depth + 1);
  }
  return out;
}
