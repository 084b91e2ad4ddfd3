import { crc32 } from "node:zlib";
import { deflateSync } from "fflate";

/** One entry of a hand-built archive: what it really holds, and what its headers claim. */
export interface HandBuiltEntry {
  name: string;
  /** The bytes the entry's data inflates to. */
  content: Uint8Array;
  /** The uncompressed size both headers declare; the truth by default. */
  declaredSize?: number;
  /** The CRC-32 both headers declare; the truth by default. */
  declaredCrc?: number;
}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_OF_DIRECTORY = 22;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;

/**
 * A zip archive written field by field (APPNOTE 4.3.7, 4.3.12, 4.3.16), every entry deflated, so a
 * test can make the local header and the central directory say what it likes: a size or CRC-32
 * that lies, as a zip bomb does. No library writes such a file, which is the point.
 */
export function handBuiltZip(entries: HandBuiltEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts = entries.map((entry) => ({
    name: encoder.encode(entry.name),
    data: deflateSync(entry.content),
    size: entry.declaredSize ?? entry.content.byteLength,
    crc: entry.declaredCrc ?? crc32(entry.content),
  }));
  const localBytes = parts.reduce((sum, p) => sum + LOCAL_HEADER + p.name.byteLength + p.data.byteLength, 0);
  const centralBytes = parts.reduce((sum, p) => sum + CENTRAL_HEADER + p.name.byteLength, 0);
  const zip = new Uint8Array(localBytes + centralBytes + END_OF_DIRECTORY);
  const view = new DataView(zip.buffer);
  const offsets: number[] = [];
  let at = 0;
  for (const part of parts) {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true); // version needed: 2.0 (deflate)
    view.setUint16(at + 6, UTF8_NAMES, true);
    view.setUint16(at + 8, DEFLATE, true);
    view.setUint16(at + 12, 0x21, true); // 1980-01-01
    view.setUint32(at + 14, part.crc, true);
    view.setUint32(at + 18, part.data.byteLength, true);
    view.setUint32(at + 22, part.size, true);
    view.setUint16(at + 26, part.name.byteLength, true);
    zip.set(part.name, at + LOCAL_HEADER);
    zip.set(part.data, at + LOCAL_HEADER + part.name.byteLength);
    at += LOCAL_HEADER + part.name.byteLength + part.data.byteLength;
  }
  const directoryStart = at;
  parts.forEach((part, index) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true); // made by: 2.0, MS-DOS
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 8, UTF8_NAMES, true);
    view.setUint16(at + 10, DEFLATE, true);
    view.setUint16(at + 14, 0x21, true);
    view.setUint32(at + 16, part.crc, true);
    view.setUint32(at + 20, part.data.byteLength, true);
    view.setUint32(at + 24, part.size, true);
    view.setUint16(at + 28, part.name.byteLength, true);
    view.setUint32(at + 42, offsets[index] ?? 0, true);
    zip.set(part.name, at + CENTRAL_HEADER);
    at += CENTRAL_HEADER + part.name.byteLength;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, at - directoryStart, true);
  view.setUint32(at + 16, directoryStart, true);
  return zip;
}
