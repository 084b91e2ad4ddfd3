import {
  type Entry,
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
import { MIN_DIRECTORY_ENTRY_BYTES, readDirectoryEnd } from "./zip-directory-end";

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

/** A client zip whose central directory passed the checks: what it declares, and its files to extract. */
export interface ClientZip {
  /** Files it holds (folders left out). */
  readonly files: number;
  /** Their bytes uncompressed, added up: what extracting them keeps in R2. */
  readonly bytes: number;
  /** Streams each file out to `open`, one after the other; throws ClientZipError for a file that lies. */
  extract(open: OpenClientFile): Promise<void>;
}

/**
 * Compressed bytes handed to the platform's inflater at a time. Deflate expands at most ~1032:1,
 * so one step of inflation makes at most ~8 MiB.
 */
const INFLATE_INPUT_CHUNK = 8 * 1024;

/**
 * Inflated bytes written between two turns of the event loop. Extraction waits a turn after
 * every slice and before every file, so the requests of other apps sharing the isolate are
 * served while a zip unpacks (docs/decisions/0121-published-files-cannot-stall-the-worker.md, "Published files cannot stall the Worker").
 */
const OUTPUT_SLICE = 1024 * 1024;

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
 * Checks a client zip without inflating anything. First its end record, before any entry is
 * parsed: more than CODE_LIMITS.clientZipEntries entries, a central directory over
 * clientZipDirectoryBytes, or one too small for the entries it declares are refused. Then its
 * central directory, read by zip.js: a zip it cannot read, an entry count other than the end
 * record's, more than clientFiles files, one over clientFileBytes or all over
 * clientUncompressedBytes, an unsafe or repeated path, encryption, a method other than store or
 * deflate, no index.html at the root. zip.js reads the format (local headers must agree with the
 * central directory, entries must not overlap), so no step trusts a size it has not checked.
 *
 * extract() then inflates each file with the platform's DecompressionStream in small steps, its
 * output capped at the size the zip declares for it and checked against its CRC-32: a file that
 * inflates to more or fewer bytes, or to other bytes, is refused (ClientZipError naming it) and its
 * target aborted.
 */
export async function readClientZip(zip: Uint8Array): Promise<ClientZip> {
  const declaredEntries = checkedDirectoryEnd(zip);
  // A random-access reader holds nothing to close.
  const reader = new ZipReader(zipBytes(zip), {
    useWebWorkers: false,
    useCompressionStream: true,
    strictness: "strict",
    checkOverlappingEntry: true,
    checkSignature: true,
  });
  const files = checkedFiles(await entriesOf(reader, declaredEntries));
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    extract: async (open) => {
      for (const file of files) {
        await nextTurn();
        await extractFile(file, open(file.path, file.size));
      }
    },
  };
}

/** The entry count the zip's end record declares, once it is within the limits. */
function checkedDirectoryEnd(zip: Uint8Array): number {
  const end = readDirectoryEnd(zip);
  if (!end || end.directoryOffset + end.directoryBytes > end.recordOffset) {
    throw new ClientZipError("the client file is not a readable zip archive");
  }
  if (end.entries > CODE_LIMITS.clientZipEntries) {
    throw new ClientZipError(
      `the zip's directory lists ${end.entries} entries; at most ${CODE_LIMITS.clientZipEntries} are read`,
    );
  }
  if (end.directoryBytes > CODE_LIMITS.clientZipDirectoryBytes) {
    throw new ClientZipError(
      `the zip's directory takes ${end.directoryBytes} bytes; at most ${CODE_LIMITS.clientZipDirectoryBytes} are read`,
    );
  }
  if (end.directoryBytes < end.entries * MIN_DIRECTORY_ENTRY_BYTES) {
    throw new ClientZipError(
      `the zip's directory of ${end.directoryBytes} bytes cannot hold the ${end.entries} entries it declares`,
    );
  }
  return end.entries;
}

/**
 * zip.js's entries, one at a time. zip.js hands out its own count of the entries with the first
 * one; a count other than the end record's stops the parse there, so zip.js never parses more
 * entries than the checked count.
 */
async function entriesOf(reader: ZipReader<Uint8Array>, declaredEntries: number): Promise<Entry[]> {
  const entries: Entry[] = [];
  let counted = declaredEntries;
  try {
    const onprogress = (_index: number, total: number) => {
      counted = total;
    };
    for await (const entry of reader.getEntriesGenerator({ onprogress })) {
      if (counted !== declaredEntries) {
        throw new ClientZipError("the zip's end records disagree on how many entries it holds");
      }
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof ClientZipError) throw error;
    if (error instanceof Error && error.message === ERR_UNSAFE_FILENAME) {
      throw new ClientZipError(
        `the zip holds a file with an unsafe path: ${(error as { filename?: string }).filename}`,
      );
    }
    throw new ClientZipError("the client file is not a readable zip archive");
  }
  return entries;
}

function checkedFiles(entries: Entry[]): ClientZipFile[] {
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
  const writer = target.writable.getWriter();
  let sinceTurn = 0;
  const sliced = new WritableStream<Uint8Array>({
    async write(chunk) {
      await writer.write(chunk);
      sinceTurn += chunk.byteLength;
      if (sinceTurn >= OUTPUT_SLICE) {
        sinceTurn = 0;
        await nextTurn();
      }
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  try {
    await file.entry.getData(sliced, { checkSignature: true });
  } catch (error) {
    // zip.js closes or aborts what it was given once it has opened it; a failure before that leaves it to us.
    await writer.abort(error).catch(() => {});
    await target.stored.catch(() => {});
    throw refusal(file, error);
  }
  await target.stored;
}

/**
 * Resolves on a later turn of the event loop. A timer rather than a resolved promise: a chain of
 * promises that never waits on I/O keeps the isolate to itself, and workerd accepts no other
 * request until it ends.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
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
