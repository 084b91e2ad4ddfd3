import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FolderSnapshots, sameFiles } from "../../../tools/cli/folder-snapshot.ts";

let dir: string;
let snapshots: FolderSnapshots;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "folder-snapshot-"));
  mkdirSync(path.join(dir, "public"));
  writeFileSync(path.join(dir, "logic.js"), "export default {};\n");
  writeFileSync(path.join(dir, "public/client.js"), "console.log('seat');\n");
  snapshots = new FolderSnapshots();
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `text` to `file` and moves its modified time on, as a later save does. */
function save(file: string, text: string) {
  const full = path.join(dir, file);
  const before = statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  writeFileSync(full, text);
  const later = new Date(before + 5_000);
  utimesSync(full, later, later);
}

describe("FolderSnapshots: what scenario dev counts as a change", () => {
  it("lists every file by its path from the folder", () => {
    expect([...snapshots.take(dir).keys()].sort()).toEqual(["logic.js", path.join("public", "client.js")]);
  });

  it("the client folder inside it has its own paths, and an edit there is a change in both", () => {
    const client = path.join(dir, "public");
    const folderBefore = snapshots.take(dir);
    const clientBefore = snapshots.take(client);
    expect([...clientBefore.keys()]).toEqual(["client.js"]);
    save("public/client.js", "console.log('seat, edited');\n");
    expect(sameFiles(clientBefore, snapshots.take(client))).toBe(false);
    expect(sameFiles(folderBefore, snapshots.take(dir))).toBe(false);
  });

  it("a file saved again with the same bytes, a new modified time, is no change", () => {
    const before = snapshots.take(dir);
    save("public/client.js", "console.log('seat');\n");
    expect(sameFiles(before, snapshots.take(dir))).toBe(true);
  });

  it("new bytes in a file, a new file and a removed file are each a change", () => {
    const first = snapshots.take(dir);
    save("public/client.js", "console.log('seat, edited');\n");
    const edited = snapshots.take(dir);
    expect(sameFiles(first, edited)).toBe(false);
    save("public/extra.css", "body {}\n");
    const added = snapshots.take(dir);
    expect(sameFiles(edited, added)).toBe(false);
    rmSync(path.join(dir, "public/extra.css"));
    expect(sameFiles(added, snapshots.take(dir))).toBe(false);
  });

  it("leaves out hidden files and folders and installed packages, as the watcher does", () => {
    const before = snapshots.take(dir);
    mkdirSync(path.join(dir, "node_modules/pkg"), { recursive: true });
    writeFileSync(path.join(dir, "node_modules/pkg/index.js"), "x\n");
    mkdirSync(path.join(dir, ".cache"));
    writeFileSync(path.join(dir, ".cache/state"), "x\n");
    writeFileSync(path.join(dir, ".logic.js.swp"), "x\n");
    expect(sameFiles(before, snapshots.take(dir))).toBe(true);
  });
});
