/** Longest client file path, in UTF-8 bytes: its R2 key (code-keys.ts) stays under R2's 1024. */
const MAX_PATH_BYTES = 512;

/**
 * A file path a page may ask for inside a client zip: relative, "/"-separated, no empty, "." or
 * ".." segment, no backslash, colon or control character. null when the path must be refused.
 */
export function safeClientPath(raw: string): string | null {
  if (raw.length === 0 || new TextEncoder().encode(raw).byteLength > MAX_PATH_BYTES) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f\\:]/.test(raw)) return null;
  const segments = raw.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return null;
  return raw;
}
