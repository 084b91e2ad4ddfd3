/**
 * The floors of the house (README "Layout", docs/decisions/0090-the-house-floors-ports-a-page-kit-code-sorted-by.md "The house"), read from the import
 * statements of the tree: imports run only downward, from the Worker's root (platform/) to the
 * apps (workers/) to the Durable Objects (durable-objects/) to the libraries (src/); an app
 * reaches another app only through that app's ports; browser code and the Node tools stay apart.
 * A new import that breaks a rule fails here, naming the file and what it imports.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PARTS = ["platform", "workers", "durable-objects", "src", "browser", "tools"] as const;
const SOURCE = /\.(ts|tsx|js|mjs)$/;

interface Import {
  from: string;
  /** A file of the tree (from the root), or a package / runtime module as written. */
  to: string;
  local: boolean;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) files.push(...sourceFiles(rel));
    else if (SOURCE.test(name)) files.push(rel);
  }
  return files;
}

const files = PARTS.flatMap(sourceFiles);
const known = new Set(files);

/** The file a relative specifier names, as the bundlers and Node resolve it here. */
function resolve(from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  if (base.endsWith(".js")) candidates.push(`${base.slice(0, -3)}.ts`, `${base.slice(0, -3)}.d.ts`);
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

const imports: Import[] = files.flatMap((from) => {
  const text = readFileSync(path.join(ROOT, from), "utf8");
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }): Import => {
    if (!fileName.startsWith(".")) return { from, to: fileName, local: false };
    const to = resolve(from, fileName);
    if (!to) throw new Error(`${from} imports ${fileName}, which is no file of the tree`);
    return { from, to, local: true };
  });
});

const under = (file: string, folder: string) => file.startsWith(`${folder}/`);
const appOf = (file: string) => (under(file, "workers") ? file.split("/")[1] : null);
const describeImport = (i: Import) => `${i.from} -> ${i.to}`;

/** The local imports of files under `folder` that break `allowed`. */
function breaking(folder: string, allowed: (i: Import) => boolean): string[] {
  return imports.filter((i) => i.local && under(i.from, folder) && !allowed(i)).map(describeImport);
}

describe("the floors of the house", () => {
  it("reads the import statements of every part", () => {
    for (const part of PARTS)
      expect(
        files.some((file) => under(file, part)),
        part,
      ).toBe(true);
    expect(imports.filter((i) => i.local).length).toBeGreaterThan(500);
  });

  it("src/ imports only src/: libraries below everything", () => {
    expect(breaking("src", (i) => under(i.to, "src"))).toEqual([]);
  });

  it("durable-objects/ imports only durable-objects/ and src/", () => {
    expect(breaking("durable-objects", (i) => under(i.to, "durable-objects") || under(i.to, "src"))).toEqual([]);
  });

  it("an app imports its own folder, src/ and durable-objects/, never another app: platform/ hands it the ports it uses", () => {
    const allowed = (i: Import) =>
      under(i.to, "src") || under(i.to, "durable-objects") || (under(i.to, "workers") && appOf(i.to) === appOf(i.from));
    expect(breaking("workers", allowed)).toEqual([]);
  });

  it("every port an app offers implements a contract of src/app-ports/, and platform/ builds it", () => {
    const offered = files.filter((file) => /^workers\/[^/]+\/ports\//.test(file));
    const contracts = new Set(files.filter((file) => under(file, "src/app-ports")));
    const builtByPlatform = new Set(imports.filter((i) => i.local && under(i.from, "platform")).map((i) => i.to));
    for (const port of offered) {
      const implementsContract = imports.some((i) => i.from === port && contracts.has(i.to));
      // The dev IdP's seeded accounts are handed to the sign-in service by the dev build only.
      expect(
        implementsContract || port.startsWith("workers/dev-idp/"),
        `${port} implements no src/app-ports contract`,
      ).toBe(true);
      expect(builtByPlatform.has(port), `platform/ does not build ${port}`).toBe(true);
    }
  });

  it("platform/ is the top: nothing imports it, and it imports no browser code and no tool", () => {
    expect(imports.filter((i) => i.local && under(i.to, "platform") && !under(i.from, "platform"))).toEqual([]);
    expect(breaking("platform", (i) => !under(i.to, "browser") && !under(i.to, "tools"))).toEqual([]);
  });

  it("the tools are imported by no Worker or browser code", () => {
    const outside = imports.filter((i) => i.local && under(i.to, "tools") && !under(i.from, "tools"));
    expect(outside.map(describeImport)).toEqual([]);
  });

  it("the tools import src/ and each other one way: scripts and the CLI use build, loadtest and local-platform, never the reverse", () => {
    const folderOf = (file: string) => file.split("/")[1];
    const tiers: Record<string, number> = { scripts: 2, cli: 2, build: 1, loadtest: 1, "local-platform": 0 };
    const allowed = (i: Import) => {
      if (under(i.to, "src")) return true;
      if (!under(i.to, "tools")) return false;
      const from = folderOf(i.from) as string;
      const to = folderOf(i.to) as string;
      return from === to || (tiers[from] ?? -1) > (tiers[to] ?? 99);
    };
    expect(breaking("tools", allowed)).toEqual([]);
  });

  it("browser code imports browser/ and only the parts of src/ that run in a browser", () => {
    // What a browser bundle may pull in from a package; a Worker or Node module never. jose runs on
    // Web Crypto alone (the pages read an ID token's claims with it, for display); microdiff is the
    // harness's state diff.
    const BROWSER_PACKAGES = /^(preact|preact\/hooks|zod|jose|microdiff)$/;
    const reached = new Set<string>();
    const pending = imports.filter((i) => under(i.from, "browser")).map((i) => i);
    const problems: string[] = [];
    while (pending.length > 0) {
      const next = pending.pop() as Import;
      if (!next.local) {
        if (!BROWSER_PACKAGES.test(next.to)) problems.push(`${describeImport(next)} (not a browser package)`);
        continue;
      }
      if (!under(next.to, "browser") && !under(next.to, "src")) problems.push(`${describeImport(next)} (no library)`);
      if (reached.has(next.to)) continue;
      reached.add(next.to);
      pending.push(...imports.filter((i) => i.from === next.to));
    }
    expect(problems).toEqual([]);
    expect([...reached].filter((file) => under(file, "src/worker-kit") || under(file, "src/db"))).toEqual([]);
  });

  it("no two folders of src/ import each other", () => {
    const folderOf = (file: string) =>
      file
        .split("/")
        .slice(0, 2)
        .join("/")
        .replace(/\.tsx?$/, "");
    const ties = new Set(
      imports
        .filter((i) => i.local && under(i.from, "src") && under(i.to, "src"))
        .map((i) => `${folderOf(i.from)} ${folderOf(i.to)}`),
    );
    const twoWay = [...ties].filter((tie) => {
      const [a, b] = tie.split(" ");
      return a !== b && ties.has(`${b} ${a}`);
    });
    expect(twoWay).toEqual([]);
  });
});
