import { createHash } from "node:crypto";
import { type Dirent, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isIgnored } from "./tree-watcher.ts";

/** The files of a folder (but the ones the watcher leaves alone), by path from the folder, with a hash of each one's bytes. */
export type FolderSnapshot = ReadonlyMap<string, string>;

/**
 * Takes snapshots of folders for `scenario dev` (the scenario folder and its client folder, which
 * is most often inside it): a file saved again with the same bytes (an editor's save with no edit,
 * or a second `scenario dev` of the folder running the same build) is no change. A file is read
 * again only when its size or modified time moved, whichever snapshot it is in.
 */
export class FolderSnapshots {
  /** By absolute path. */
  private readonly seen = new Map<string, { size: number; mtimeMs: number; hash: string }>();

  take(root: string): FolderSnapshot {
    const files = new Map<string, string>();
    const found = new Set<string>();
    const walk = (dir: string) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return; // removed while it was being read
      }
      for (const entry of entries) {
        if (isIgnored(entry.name)) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) {
          const hash = this.hashOf(full);
          if (hash === null) continue;
          found.add(full);
          files.set(path.relative(root, full), hash);
        }
      }
    };
    walk(root);
    const under = root + path.sep;
    for (const file of this.seen.keys()) if (file.startsWith(under) && !found.has(file)) this.seen.delete(file);
    return files;
  }

  private hashOf(file: string): string | null {
    try {
      const { size, mtimeMs } = statSync(file);
      const known = this.seen.get(file);
      if (known && known.size === size && known.mtimeMs === mtimeMs) return known.hash;
      const hash = createHash("sha256").update(readFileSync(file)).digest("hex");
      this.seen.set(file, { size, mtimeMs, hash });
      return hash;
    } catch {
      return null; // removed meanwhile
    }
  }
}

/** Whether the two snapshots hold the same files with the same bytes. */
export function sameFiles(before: FolderSnapshot, after: FolderSnapshot): boolean {
  if (before.size !== after.size) return false;
  for (const [file, hash] of after) if (before.get(file) !== hash) return false;
  return true;
}
