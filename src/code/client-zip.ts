import { unzipSync } from "fflate";
import { CLIENT_ENTRY, CODE_LIMITS } from "./limits";

/** Why a client zip was refused; the message names the file or the limit. */
export class ClientZipError extends Error {
  override name = "ClientZipError";
}

/**
 * A file path a page may ask for inside a client zip: relative, "/"-separated, no empty, "." or
 * ".." segment, no backslash or control character. null when the path must be refused.
 */
export function safeClientPath(raw: string): string | null {
  if (raw.length === 0 || raw.length > 512) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f\\:]/.test(raw)) return null;
  const segments = raw.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return null;
  return raw;
}

/**
 * Checks a client zip from its central directory without inflating it: readable, at most
 * CODE_LIMITS.clientFiles files and clientUncompressedBytes in all, every name a safe path,
 * index.html at the root. Returns the file names.
 */
export function inspectClientZip(zip: Uint8Array): string[] {
  const names: string[] = [];
  let total = 0;
  try {
    unzipSync(zip, {
      filter: (file) => {
        if (file.name.endsWith("/")) return false;
        if (!safeClientPath(file.name))
          throw new ClientZipError(`the zip holds a file with an unsafe path: ${file.name}`);
        names.push(file.name);
        total += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ClientZipError) throw error;
    throw new ClientZipError("the client file is not a readable zip archive");
  }
  if (names.length > CODE_LIMITS.clientFiles) {
    throw new ClientZipError(`the zip holds ${names.length} files; at most ${CODE_LIMITS.clientFiles} are allowed`);
  }
  if (total > CODE_LIMITS.clientUncompressedBytes) {
    throw new ClientZipError(
      `the zip's files add up to ${total} bytes uncompressed; at most ${CODE_LIMITS.clientUncompressedBytes} are allowed`,
    );
  }
  if (!names.includes(CLIENT_ENTRY)) throw new ClientZipError(`the zip has no ${CLIENT_ENTRY} at its root`);
  return names;
}

/** One file of a client zip, inflated alone; null when the zip has no such file. */
export function readClientFile(zip: Uint8Array, path: string): Uint8Array | null {
  const files = unzipSync(zip, { filter: (file) => file.name === path });
  return files[path] ?? null;
}
