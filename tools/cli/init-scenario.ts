import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../local-platform/wrangler-env.ts";

/** The games `scenario init` starts from: the examples, in TypeScript, or their JavaScript versions. */
export const TEMPLATES = {
  "turn-based": { ts: "examples/tic-tac-toe", js: "tools/cli/templates/js/turn-based" },
  "real-time": { ts: "examples/coin-chase", js: "tools/cli/templates/js/real-time" },
} as const;

export type TemplateName = keyof typeof TEMPLATES;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

/** The compiler options and `scenario` import paths every TypeScript scenario's tsconfig.json extends. */
export const SCENARIO_TSCONFIG = path.join(projectRoot, "tsconfig.scenario.json");

/** Folders a template's copy never carries. */
const SKIPPED = new Set(["node_modules", ".wrangler"]);

export class InitError extends Error {
  override name = "InitError";
}

export interface InitOptions {
  dir: string;
  template: TemplateName;
  /** Plain JavaScript instead of TypeScript. */
  js: boolean;
}

export interface InitResult {
  /** The scenario folder, absolute. */
  dir: string;
  /** The manifest's id: the folder's name, made a valid id. */
  id: string;
  /** Files written, relative to the folder, in "/" form. */
  files: string[];
}

/**
 * Writes a new scenario into `dir` (made if missing, refused unless empty): the template's files
 * as they are, except what its .gitignore names (build output), its manifest's id and name set to
 * the folder's, and its tsconfig.json extending the platform's tsconfig.scenario.json from there.
 */
export function initScenario(options: InitOptions): InitResult {
  const dir = path.resolve(options.dir);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new InitError(`${options.dir} is a file: scenario init writes a folder`);
    const entries = readdirSync(dir);
    if (entries.length > 0) {
      throw new InitError(
        `${options.dir} is not empty (${entries.slice(0, 3).join(", ")}${entries.length > 3 ? ", ..." : ""}): scenario init writes only into a new or empty folder, so nothing of yours is overwritten`,
      );
    }
  }
  const id = idOf(path.basename(dir));
  const source = path.join(projectRoot, TEMPLATES[options.template][options.js ? "js" : "ts"]);
  const ignored = ignoredPaths(source);
  const files = templateFiles(source, "").filter((file) => !ignored.has(file));
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    if (file === "manifest.json") writeJson(target, { ...readJson(path.join(source, file)), id, name: id });
    else if (file === "tsconfig.json")
      writeJson(target, { ...readJson(path.join(source, file)), extends: extendsPath(dir) });
    else copyFileSync(path.join(source, file), target);
  }
  return { dir, id, files };
}

/** A manifest id from a folder name: lower case letters, digits and dashes. */
function idOf(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!id) throw new InitError(`the folder name "${name}" has no letter or digit to make the game's id from`);
  return id;
}

/** tsconfig.scenario.json as seen from the new folder, in "/" form (tsconfig's own). */
function extendsPath(dir: string): string {
  const relative = path.relative(dir, SCENARIO_TSCONFIG).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** The exact paths a template's .gitignore lists: what its build writes, which a new scenario builds itself. */
function ignoredPaths(source: string): Set<string> {
  const file = path.join(source, ".gitignore");
  if (!existsSync(file)) return new Set();
  const lines = readFileSync(file, "utf8").split("\n");
  return new Set(lines.map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#")));
}

function templateFiles(root: string, relative: string): string[] {
  return readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return templateFiles(root, child);
    return entry.isFile() ? [child] : [];
  });
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
}

function writeJson(file: string, value: unknown) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
