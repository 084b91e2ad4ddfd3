import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readDirectoryEnd } from "../../src/publishing/zip-directory-end";
import { emptyFilesZip } from "../support/empty-files-zip";

/** The zip with a comment after its end record, as archivers allow (APPNOTE 4.3.16). */
function withComment(zip: Uint8Array, comment: Uint8Array): Uint8Array {
  const commented = new Uint8Array(zip.byteLength + comment.byteLength);
  commented.set(zip);
  commented.set(comment, zip.byteLength);
  new DataView(commented.buffer).setUint16(zip.byteLength - 2, comment.byteLength, true);
  return commented;
}

describe("readDirectoryEnd", () => {
  const zip = zipSync({ "index.html": strToU8("<p>game</p>"), "a/b.js": strToU8("1") });

  it("reads the count, size and place of the central directory from the end record", () => {
    const end = readDirectoryEnd(zip);
    expect(end).toMatchObject({ entries: 2, recordOffset: zip.byteLength - 22 });
    if (!end) throw new Error("no end record");
    expect(end.directoryOffset + end.directoryBytes).toBe(end.recordOffset);
  });

  it("takes the record whose comment runs to the end, not a signature inside the comment", () => {
    const fake = new Uint8Array(40);
    new DataView(fake.buffer).setUint32(4, 0x06054b50, true);
    new DataView(fake.buffer).setUint16(4 + 10, 60_000, true);
    expect(readDirectoryEnd(withComment(zip, fake))).toEqual(readDirectoryEnd(zip));
  });

  it("reads the ZIP64 records when the classic one points at them", () => {
    const many = emptyFilesZip(70_000);
    expect(readDirectoryEnd(many)).toMatchObject({ entries: 70_000 });
  });

  it("finds nothing in bytes without an end record, or with a ZIP64 pointer and no ZIP64 record", () => {
    expect(readDirectoryEnd(new Uint8Array(1000).fill(0x50))).toBeNull();
    expect(readDirectoryEnd(zip.subarray(0, zip.byteLength - 1))).toBeNull();
    const pointer = zip.slice();
    new DataView(pointer.buffer).setUint16(pointer.byteLength - 12, 0xffff, true);
    expect(readDirectoryEnd(pointer)).toBeNull();
  });
});
