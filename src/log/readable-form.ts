import { decodeHTML } from "entities/decode";

/**
 * Text as a person would read it: what the scrubber must also look at, since personal data can be
 * written in forms its patterns do not match (full-width "０９０-５５５５-０３０１", "user%40example.com",
 * "user%2540example.com", "user&#64;example.com", a zero-width space inside an address, a phone
 * number split by U+2010 or U+2212).
 */

/** Percent-decoding rounds: double encoding is common, deeper nesting is not worth the work. */
const MAX_DECODE_ROUNDS = 3;
/**
 * Printable ASCII without a percent escape or an HTML character reference reads as written;
 * anything else may read differently.
 */
const MAY_DIFFER = /[^\t\n\r -~]|%[0-9a-f]{2}|&#?[0-9a-z]+;?/i;
const PERCENT_ESCAPES = /(?:%[0-9a-f]{2})+/gi;
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
/** Invisible format characters (zero-width space and joiners, soft hyphen, bidi marks). */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Dashes NFKC leaves as they are (hyphen, non-breaking hyphen, figure and en/em dashes, minus): read as "-". */
const DASHES = /[\u2010-\u2015\u2212\u2043\uFE58\uFE63]/g;

/**
 * Unicode compatibility forms folded (NFKC: full-width digits and signs become ASCII), dashes made
 * "-", invisible format characters removed and HTML character references decoded (the `entities`
 * package, as HTML parsers do); then percent escapes decoded and the result folded again, while
 * that changes the text, at most MAX_DECODE_ROUNDS times. Each step is linear in the text
 * (decoding only shortens it), so the work stays bounded whatever the input.
 */
export function readableForm(text: string): string {
  if (!MAY_DIFFER.test(text)) return text;
  let out = folded(text);
  for (let round = 0; round < MAX_DECODE_ROUNDS && out.includes("%"); round += 1) {
    const next = folded(percentDecoded(out));
    if (next === out) break;
    out = next;
  }
  return out;
}

function folded(text: string): string {
  const plain = text.normalize("NFKC").replace(FORMAT_CHARACTERS, "").replace(DASHES, "-");
  return plain.includes("&") ? decodeHTML(plain) : plain;
}

/**
 * Each run of percent escapes decoded as UTF-8 (the platform's decodeURIComponent); a run that is
 * not valid UTF-8 still has its ASCII escapes ("%40", "%2E") decoded, the rest left as written.
 */
function percentDecoded(text: string): string {
  return text.replace(PERCENT_ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  });
}
