import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { CLIENT_ENTRY, CODE_LIMITS } from "../../src/publishing/limits.ts";

/** Folders and files a client zip never carries. */
const SKIPPED = new Set(["node_modules", ".git", ".DS_Store"]);

export class ClientFilesError extends Error {
  override name = "ClientFilesError";
}

/**
 * The client output folder as one zip: every file under it (dotfiles and node_modules left out),
 * by "/"-separated path relative to the folder. Checks the limits the platform enforces, so a
 * too-big client fails here with a clear message rather than half-way through an upload.
 */
export function zipClient(clientDir: string): { zip: Uint8Array; files: number } {
  if (!statSync(clientDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ClientFilesError(`the client output folder ${clientDir} does not exist (manifest "output")`);
  }
  const files: Record<string, Uint8Array> = {};
  let total = 0;
  for (const relative of walk(clientDir, "")) {
    const bytes = readFileSync(path.join(clientDir, relative));
    if (bytes.byteLength > CODE_LIMITS.clientFileBytes) {
      throw new ClientFilesError(
        `${relative} is ${bytes.byteLength} bytes; at most ${CODE_LIMITS.clientFileBytes} can be published per file`,
      );
    }
    total += bytes.byteLength;
    files[relative] = bytes;
  }
  const count = Object.keys(files).length;
  if (!files[CLIENT_ENTRY]) throw new ClientFilesError(`${clientDir} has no ${CLIENT_ENTRY}: the play page opens it`);
  if (count > CODE_LIMITS.clientFiles) {
    throw new ClientFilesError(`${clientDir} has ${count} files; at most ${CODE_LIMITS.clientFiles} can be published`);
  }
  if (total > CODE_LIMITS.clientUncompressedBytes) {
    throw new ClientFilesError(
      `${clientDir} holds ${total} bytes; at most ${CODE_LIMITS.clientUncompressedBytes} can be published`,
    );
  }
  const zip = zipSync(files, { level: 6 });
  if (zip.byteLength > CODE_LIMITS.clientZipBytes) {
    throw new ClientFilesError(
      `the client zip is ${zip.byteLength} bytes; at most ${CODE_LIMITS.clientZipBytes} can be uploaded`,
    );
  }
  return { zip, files: count };
}

function* walk(root: string, relative: string): Generator<string> {
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, child);
    else if (entry.isFile()) yield child;
  }
}
