/**
 * The family of a User-Agent header ("Firefox on Windows"), shown in a person's session list so
 * they can tell their devices apart. Only the family is kept: the full header is a fingerprint.
 * Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrom(e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Between a family's browser and its system ("Firefox on Windows"). */
export const FAMILY_SEPARATOR = " on ";
/** The family of a header that names no browser or system we know. */
export const UNKNOWN_FAMILY = "Unknown";

export function userAgentFamily(header: string | null | undefined): string {
  const ua = (header ?? "").slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser}${FAMILY_SEPARATOR}${system}`;
  return browser ?? system ?? UNKNOWN_FAMILY;
}
