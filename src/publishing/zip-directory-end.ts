/**
 * What the end of a zip says about its central directory: how many entries it lists and how many
 * bytes it takes (APPNOTE.TXT 4.3.16, and 4.3.14-4.3.15 for ZIP64). These are fixed-size records
 * at the very end of the file, so reading them costs the same for any zip, however many entries
 * it holds. zip.js reads the same records but hands the count out only with the first entry it
 * parses; this is the bounded look that lets a zip be refused before any entry is parsed
 * (docs/decisions/0121-published-files-cannot-stall-the-worker.md, "Published files cannot stall the Worker"). zip.js still reads the
 * whole format after it.
 */
export interface DirectoryEnd {
  /** Entries the central directory lists, folders included. */
  entries: number;
  /** Bytes of the central directory. */
  directoryBytes: number;
  /** Where the central directory starts. */
  directoryOffset: number;
  /** Where the end record (the ZIP64 one when there is one) starts: the directory must end before it. */
  recordOffset: number;
}

/** The smallest central directory entry: its fixed fields, with no name, extra field or comment. */
export const MIN_DIRECTORY_ENTRY_BYTES = 46;

const END_RECORD = { signature: 0x06054b50, bytes: 22, maxComment: 0xffff };
const ZIP64_LOCATOR = { signature: 0x07064b50, bytes: 20 };
const ZIP64_END_RECORD = { signature: 0x06064b50, bytes: 56 };

/**
 * The directory's end as the zip declares it; null when there is no end record that ends the file
 * (or its ZIP64 record is missing), which no reader here accepts either.
 */
export function readDirectoryEnd(zip: Uint8Array): DirectoryEnd | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const lowest = Math.max(0, zip.byteLength - END_RECORD.bytes - END_RECORD.maxComment);
  for (let at = zip.byteLength - END_RECORD.bytes; at >= lowest; at--) {
    if (view.getUint32(at, true) !== END_RECORD.signature) continue;
    // The record's comment runs to the end of the file: a signature inside a comment does not.
    if (at + END_RECORD.bytes + view.getUint16(at + 20, true) !== zip.byteLength) continue;
    return fromEndRecord(view, at);
  }
  return null;
}

function fromEndRecord(view: DataView, at: number): DirectoryEnd | null {
  const end: DirectoryEnd = {
    entries: view.getUint16(at + 10, true),
    directoryBytes: view.getUint32(at + 12, true),
    directoryOffset: view.getUint32(at + 16, true),
    recordOffset: at,
  };
  // All ones in a field means "see the ZIP64 record" (APPNOTE 4.4.1.4).
  const zip64 = end.entries === 0xffff || end.directoryBytes === 0xffffffff || end.directoryOffset === 0xffffffff;
  if (!zip64) return end;
  const locator = at - ZIP64_LOCATOR.bytes;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR.signature) return null;
  const record = Number(view.getBigUint64(locator + 8, true));
  if (record + ZIP64_END_RECORD.bytes > locator || view.getUint32(record, true) !== ZIP64_END_RECORD.signature) {
    return null;
  }
  return {
    entries: Number(view.getBigUint64(record + 32, true)),
    directoryBytes: Number(view.getBigUint64(record + 40, true)),
    directoryOffset: Number(view.getBigUint64(record + 48, true)),
    recordOffset: record,
  };
}
