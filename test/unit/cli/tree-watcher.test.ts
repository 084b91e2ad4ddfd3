import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchTree } from "../../../tools/cli/tree-watcher.ts";

let dir: string;
let stop: (() => void) | null = null;

afterEach(() => {
  stop?.();
  stop = null;
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Watches `dir`; `next(path, change)` makes the change and resolves once the watcher reported that
 * path. A change can be reported more than once, so each step first writes a fence file of its own
 * and waits for it: the folders' watches share one queue of events, so by then every report of the
 * earlier steps has come, and the report awaited is the change's own.
 */
function watching() {
  let waiters: { file: string; resolve: () => void }[] = [];
  const seen: string[] = [];
  const watcher = watchTree(dir, (file) => {
    seen.push(file);
    for (const waiter of waiters.filter((w) => w.file === file)) waiter.resolve();
    waiters = waiters.filter((w) => w.file !== file);
  });
  stop = () => watcher.close();
  let fences = 0;
  const reported = (file: string, change: () => void) => {
    const promise = new Promise<void>((resolve) => waiters.push({ file, resolve }));
    change();
    return promise;
  };
  return {
    seen,
    next: async (file: string, change: () => void) => {
      const fence = `fence-${++fences}.txt`;
      await reported(fence, () => writeFileSync(path.join(dir, fence), ""));
      await reported(file, change);
    },
  };
}

/** How many editors save: a new file written beside the old one, then renamed over it. */
function saveByRename(file: string, text: string) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

describe("the scenario folder's watcher (scenario dev)", () => {
  it("keeps reporting a file that was saved by renaming a new file over it, again and again", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tree-watch-"));
    const logic = path.join(dir, "logic.js");
    writeFileSync(logic, "1");
    const tree = watching();
    await tree.next("logic.js", () => writeFileSync(logic, "2"));
    await tree.next("logic.js", () => saveByRename(logic, "3"));
    await tree.next("logic.js", () => saveByRename(logic, "4"));
    await tree.next("logic.js", () => writeFileSync(logic, "5"));
  });

  it("reports files in subfolders, also in a folder made after it started, and leaves hidden ones and node_modules alone", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tree-watch-"));
    mkdirSync(path.join(dir, "src"));
    mkdirSync(path.join(dir, "node_modules", "pkg"), { recursive: true });
    mkdirSync(path.join(dir, ".git"));
    const tree = watching();
    await tree.next(path.join("src", "rules.js"), () => writeFileSync(path.join(dir, "src", "rules.js"), "1"));
    await tree.next("lib", () => mkdirSync(path.join(dir, "lib")));
    await tree.next(path.join("lib", "board.js"), () => writeFileSync(path.join(dir, "lib", "board.js"), "1"));
    // Changes the watcher must not report, then one it must: by then the others would have come.
    writeFileSync(path.join(dir, "node_modules", "pkg", "index.js"), "1");
    writeFileSync(path.join(dir, ".git", "HEAD"), "1");
    await tree.next("index.html", () => writeFileSync(path.join(dir, "index.html"), "1"));
    expect(tree.seen.filter((file) => file.includes("node_modules") || file.startsWith(".git"))).toEqual([]);
  });
});
