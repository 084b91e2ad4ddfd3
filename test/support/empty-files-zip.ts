const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_LOCATOR = 20;
const UTF8_NAMES = 0x0800;

/** What the end records of an emptyFilesZip may say that its central directory does not, and its names. */
export interface EmptyFilesOptions {
  /** The name of the file at `index` (after index.html, which is always first). */
  name?: (index: number) => string;
  /** The entry count both end records declare, instead of the true one. */
  declaredEntries?: number;
  /** Every byte of the central directory overwritten with 0xee: a reader that parses one entry fails. */
  junkDirectory?: boolean;
}

/**
 * A zip of `count` empty files stored under the names 1, 2, 3, … (the first one `index.html`),
 * written field by field (APPNOTE 4.3.7, 4.3.12, 4.3.14-4.3.16), with ZIP64 end records when the
 * count does not fit the classic one, as archivers write them past 65,534 entries. A test can make
 * its end records say what it likes about the directory; no library writes such a file.
 */
export function emptyFilesZip(count: number, options: EmptyFilesOptions = {}): Uint8Array {
  const encoder = new TextEncoder();
  const nameOf = options.name ?? String;
  const names = Array.from({ length: count }, (_, index) => encoder.encode(index === 0 ? "index.html" : nameOf(index)));
  const nameBytes = names.reduce((sum, name) => sum + name.byteLength, 0);
  const declared = options.declaredEntries ?? count;
  const zip64 = declared >= 0xffff;
  const directoryStart = count * LOCAL_HEADER + nameBytes;
  const directoryBytes = count * CENTRAL_HEADER + nameBytes;
  const zip = new Uint8Array(
    directoryStart + directoryBytes + (zip64 ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD,
  );
  const view = new DataView(zip.buffer);
  let local = 0;
  let central = directoryStart;
  for (const name of names) {
    view.setUint32(local, 0x04034b50, true);
    view.setUint16(local + 4, 10, true); // version needed: 1.0 (stored)
    view.setUint16(local + 6, UTF8_NAMES, true);
    view.setUint16(local + 12, 0x21, true); // 1980-01-01
    view.setUint16(local + 26, name.byteLength, true);
    zip.set(name, local + LOCAL_HEADER);
    view.setUint32(central, 0x02014b50, true);
    view.setUint16(central + 4, 10, true); // made by: 1.0, MS-DOS
    view.setUint16(central + 6, 10, true);
    view.setUint16(central + 8, UTF8_NAMES, true);
    view.setUint16(central + 14, 0x21, true);
    view.setUint16(central + 28, name.byteLength, true);
    view.setUint32(central + 42, local, true);
    zip.set(name, central + CENTRAL_HEADER);
    local += LOCAL_HEADER + name.byteLength;
    central += CENTRAL_HEADER + name.byteLength;
  }
  if (options.junkDirectory) zip.fill(0xee, directoryStart, directoryStart + directoryBytes);
  let at = central;
  if (zip64) {
    view.setUint32(at, 0x06064b50, true);
    view.setBigUint64(at + 4, BigInt(ZIP64_END_RECORD - 12), true);
    view.setUint16(at + 12, 45, true); // made by: 4.5 (ZIP64)
    view.setUint16(at + 14, 45, true);
    view.setBigUint64(at + 24, BigInt(declared), true);
    view.setBigUint64(at + 32, BigInt(declared), true);
    view.setBigUint64(at + 40, BigInt(directoryBytes), true);
    view.setBigUint64(at + 48, BigInt(directoryStart), true);
    view.setUint32(at + ZIP64_END_RECORD, 0x07064b50, true);
    view.setBigUint64(at + ZIP64_END_RECORD + 8, BigInt(at), true);
    view.setUint32(at + ZIP64_END_RECORD + 16, 1, true);
    at += ZIP64_END_RECORD + ZIP64_LOCATOR;
  }
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, zip64 ? 0xffff : declared, true);
  view.setUint16(at + 10, zip64 ? 0xffff : declared, true);
  view.setUint32(at + 12, directoryBytes, true);
  view.setUint32(at + 16, directoryStart, true);
  return zip;
}
