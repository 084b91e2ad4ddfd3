import { type FSWatcher, readdirSync, statSync, watch } from "node:fs";
import path from "node:path";

/** A part of a path the watcher leaves alone: hidden files and folders, and installed packages. */
export function isIgnored(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/**
 * Watches `root` and every folder under it (but the ignored ones), one watch per folder, and
 * calls `onChange` with the path, from `root`, of each file or folder that changed. A folder's
 * watch also reports a file saved by renaming a new file over it, as many editors and tools save;
 * a recursive fs.watch on Linux watches each file and goes deaf to one replaced that way.
 */
export function watchTree(root: string, onChange: (relative: string) => void): { close(): void } {
  const base = path.resolve(root);
  const watchers = new Map<string, FSWatcher>();

  const unwatch = (dir: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === dir || watched.startsWith(dir + path.sep)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };

  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => name && changed(dir, name.toString()));
    } catch {
      return; // gone already
    }
    watcher.on("error", () => unwatch(dir));
    watchers.set(dir, watcher);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !isIgnored(entry.name))
        .map((entry) => entry.name);
    } catch {
      // Removed while it was being read: its watch reports that.
    }
    for (const name of entries) add(path.join(dir, name));
  };

  const changed = (dir: string, name: string) => {
    if (isIgnored(name)) return;
    const full = path.join(dir, name);
    if (isDirectory(full)) add(full);
    else if (watchers.has(full)) unwatch(full);
    onChange(path.relative(base, full));
  };

  add(base);
  return {
    close: () => {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
