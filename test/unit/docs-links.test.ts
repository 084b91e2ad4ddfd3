/**
 * The docs a newcomer follows lead somewhere: every relative link of the README and docs/ (the
 * decision records among them) names a file that exists, an anchor of a Markdown file names one
 * of its headings, and every path the architecture map (docs/architecture.md) names exists.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return markdownFiles(rel);
    return name.endsWith(".md") ? [rel] : [];
  });
}

const DOCS = ["README.md", ...markdownFiles("docs")];

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(match[1] ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative links of a Markdown file, outside code blocks and code spans. */
function linksOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href));
}

describe("the docs' links", () => {
  it("reads the README, docs/ and the decision records", () => {
    expect(DOCS).toContain("docs/architecture.md");
    expect(DOCS.flatMap(linksOf).length).toBeGreaterThan(50);
  });

  it("every relative link names a file that exists, and an anchor one of its headings", () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      for (const href of linksOf(file)) {
        const [target = "", anchor] = href.split("#");
        const resolved = target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (!existsSync(path.join(ROOT, resolved))) {
          broken.push(`${file}: ${href} (no file ${resolved})`);
          continue;
        }
        if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(decodeURIComponent(anchor)))
          broken.push(`${file}: ${href} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("the architecture map", () => {
  /** Paths in the map's table cells; a bare name is in the folder of the path before it. */
  function mappedPaths(): string[] {
    const text = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const paths: string[] = [];
    for (const line of text.split("\n")) {
      const cell = line.split("|")[2];
      if (!line.startsWith("|") || !cell) continue;
      let folder = "";
      for (const match of cell.matchAll(/`([^`]+)`/g)) {
        const token = match[1] ?? "";
        if (!/^[\w.-]+(\/[\w.-]*)*$/.test(token) || !/[/.]/.test(token) || token === "wrangler.toml") continue;
        const full = token.includes("/") ? token.replace(/\/$/, "") : path.posix.join(folder, token);
        if (token.includes("/")) folder = token.endsWith("/") || !path.extname(full) ? full : path.posix.dirname(full);
        paths.push(full);
      }
    }
    return paths;
  }

  it("names at least the entry files of every app", () => {
    const paths = mappedPaths();
    for (const app of ["workers/auth", "workers/store", "workers/backend", "workers/rooms"])
      expect(paths.some((p) => p.startsWith(app))).toBe(true);
  });

  it("names only paths that exist", () => {
    expect(mappedPaths().filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});

describe("references to the decision records", () => {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && !file.startsWith("docs/decisions/") && existsSync(path.join(ROOT, file)))
    .filter((file) => file !== "test/unit/docs-links.test.ts")
    .filter((file) => /\.(ts|tsx|js|md|toml|sql|css|html)$/.test(file));

  it("name records that exist, from code, config, migrations and docs alike", () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of tracked) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)) {
        named++;
        if (!existsSync(path.join(ROOT, "docs/decisions", match[1] ?? ""))) missing.push(`${file}: ${match[0]}`);
      }
      if (/docs\/decisions\.md/.test(text))
        missing.push(`${file}: docs/decisions.md is now the folder docs/decisions/`);
    }
    expect(named).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
