import {
  ERR_AMBIGUOUS_ARCHIVE,
  ERR_BAD_FORMAT,
  ERR_ENTRY_DATA_OUT_OF_BOUNDS,
  ERR_INVALID_COMPRESSED_DATA,
  ERR_INVALID_CRC32,
  ERR_INVALID_UNCOMPRESSED_SIZE,
  ERR_LOCAL_FILE_HEADER_NOT_FOUND,
  ERR_OVERLAPPING_ENTRY,
  ERR_UNSAFE_FILENAME,
  type FileEntry,
  ZipReader,
} from "@zip.js/zip.js/lib/zip-core-reader.js";
import { safeClientPath } from "./client-path";
import { CLIENT_ENTRY, CODE_LIMITS } from "./limits";

/** Why a client zip was refused; the message names the file or the limit. */
export class ClientZipError extends Error {
  override name = "ClientZipError";
}

/** Where one file of the zip goes: its bytes are written to `writable`; `stored` settles when they are kept. */
export interface ClientFileTarget {
  writable: WritableStream<Uint8Array>;
  stored: Promise<unknown>;
}

/** Opens the target of one file of the zip, `size` bytes long once inflated. */
export type OpenClientFile = (path: string, size: number) => ClientFileTarget;

/**
 * Compressed bytes handed to the platform's inflater at a time. Deflate expands at most ~1032:1,
 * so one step of inflation makes at most ~8 MiB, and every step is followed by an await.
 */
const INFLATE_INPUT_CHUNK = 8 * 1024;

/** What zip.js throws for an entry that is not what the archive says; anything else is not the zip's fault. */
const ZIP_READ_ERRORS = new Set([
  ERR_AMBIGUOUS_ARCHIVE,
  ERR_BAD_FORMAT,
  ERR_ENTRY_DATA_OUT_OF_BOUNDS,
  ERR_INVALID_COMPRESSED_DATA,
  ERR_LOCAL_FILE_HEADER_NOT_FOUND,
  ERR_OVERLAPPING_ENTRY,
]);

/** The files of a client zip, each `size` bytes once inflated. */
interface ClientZipFile {
  path: string;
  size: number;
  entry: FileEntry;
}

/**
 * Checks a client zip and streams each of its files out to `open`, one after the other. Before
 * inflating anything it refuses what its central directory shows: a zip it cannot read, more than
 * CODE_LIMITS.clientFiles files, one over clientFileBytes or all over clientUncompressedBytes, an
 * unsafe or repeated path, encryption, a method other than store or deflate, no index.html at the
 * root. Then each file is inflated by the platform's DecompressionStream in small steps, its output
 * capped at the size the zip declares for it and checked against its CRC-32: a file that inflates
 * to more or fewer bytes, or to other bytes, is refused (ClientZipError naming it) and its target
 * aborted. zip.js reads the format (local headers must agree with the central directory, entries
 * must not overlap), so no step trusts a size it has not checked.
 */
export async function extractClientZip(
  zip: Uint8Array,
  open: OpenClientFile,
): Promise<{ files: number; bytes: number }> {
  const reader = new ZipReader(zipBytes(zip), {
    useWebWorkers: false,
    useCompressionStream: true,
    strictness: "strict",
    checkOverlappingEntry: true,
    checkSignature: true,
  });
  try {
    const files = checkedFiles(await entriesOf(reader));
    let bytes = 0;
    for (const file of files) {
      await extractFile(file, open(file.path, file.size));
      bytes += file.size;
    }
    return { files: files.length, bytes };
  } finally {
    await reader.close();
  }
}

async function entriesOf(reader: ZipReader<Uint8Array>) {
  try {
    return await reader.getEntries();
  } catch (error) {
    if (error instanceof Error && error.message === ERR_UNSAFE_FILENAME) {
      throw new ClientZipError(
        `the zip holds a file with an unsafe path: ${(error as { filename?: string }).filename}`,
      );
    }
    throw new ClientZipError("the client file is not a readable zip archive");
  }
}

function checkedFiles(entries: Awaited<ReturnType<ZipReader<Uint8Array>["getEntries"]>>): ClientZipFile[] {
  const files: ClientZipFile[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    if (entry.directory) continue;
    const path = safeClientPath(entry.filename);
    if (!path) throw new ClientZipError(`the zip holds a file with an unsafe path: ${entry.filename}`);
    if (seen.has(path)) throw new ClientZipError(`the zip holds ${path} twice`);
    if (entry.encrypted) throw new ClientZipError(`${path} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new ClientZipError(
        `${path} is compressed with method ${entry.compressionMethod}; only deflate and store are read`,
      );
    }
    if (entry.uncompressedSize > CODE_LIMITS.clientFileBytes) {
      throw new ClientZipError(
        `${path} is ${entry.uncompressedSize} bytes uncompressed; at most ${CODE_LIMITS.clientFileBytes} are allowed per file`,
      );
    }
    seen.add(path);
    total += entry.uncompressedSize;
    files.push({ path, size: entry.uncompressedSize, entry });
  }
  if (files.length > CODE_LIMITS.clientFiles) {
    throw new ClientZipError(`the zip holds ${files.length} files; at most ${CODE_LIMITS.clientFiles} are allowed`);
  }
  if (total > CODE_LIMITS.clientUncompressedBytes) {
    throw new ClientZipError(
      `the zip's files add up to ${total} bytes uncompressed; at most ${CODE_LIMITS.clientUncompressedBytes} are allowed`,
    );
  }
  if (!seen.has(CLIENT_ENTRY)) throw new ClientZipError(`the zip has no ${CLIENT_ENTRY} at its root`);
  return files;
}

async function extractFile(file: ClientZipFile, target: ClientFileTarget): Promise<void> {
  try {
    await file.entry.getData(target.writable, { checkSignature: true });
  } catch (error) {
    // zip.js closes or aborts the target once it has opened it; a failure before that leaves it to us.
    await target.writable.abort(error).catch(() => {});
    await target.stored.catch(() => {});
    throw refusal(file, error);
  }
  await target.stored;
}

function refusal(file: ClientZipFile, error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (message === ERR_INVALID_UNCOMPRESSED_SIZE) {
    return new ClientZipError(`${file.path} does not inflate to the ${file.size} bytes the zip declares for it`);
  }
  if (message === ERR_INVALID_CRC32) {
    return new ClientZipError(`${file.path} does not match the CRC-32 the zip declares for it`);
  }
  if (ZIP_READ_ERRORS.has(message))
    return new ClientZipError(`${file.path} could not be read from the zip (${message})`);
  return error;
}

/** The zip as zip.js reads it: random access for the directory, small chunks for file data. */
function zipBytes(zip: Uint8Array) {
  const createReadable = ({ offset = 0, size }: { offset?: number; size?: number } = {}) => {
    const end = Math.min(zip.byteLength, size === undefined ? zip.byteLength : offset + size);
    let at = offset;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = Math.min(at + INFLATE_INPUT_CHUNK, end);
        if (next > at) controller.enqueue(zip.slice(at, next));
        at = next;
        if (at >= end) controller.close();
      },
    });
  };
  return {
    size: zip.byteLength,
    get readable() {
      return createReadable();
    },
    createReadable,
    readUint8Array: async (offset: number, length: number) => zip.subarray(offset, offset + length),
  };
}
