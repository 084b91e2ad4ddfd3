import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readManifest } from "../../../tools/cli/manifest.ts";
import { runBuild } from "../../../tools/cli/run-build.ts";
import { SCENARIO_MODULES } from "../../../tools/cli/scenario-imports.ts";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";
import { runCli } from "./run-cli";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A path for a new scenario folder that does not exist yet. */
const newFolder = (name: string) => path.join(mkdtempSync(path.join(tmpdir(), "scenario-init-")), name);

/** Every file under `dir`, relative and in "/" form, sorted. */
function filesOf(dir: string, relative = ""): string[] {
  return readdirSync(path.join(dir, relative), { withFileTypes: true })
    .flatMap((entry) => {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesOf(dir, child) : [child];
    })
    .sort();
}

/** What tsc says of these files of TypeScript scenarios, compiled with the first one's tsconfig.json as an editor would. */
function typeErrors(dir: string, roots: string[]): string[] {
  const config = ts.readConfigFile(path.join(dir, "tsconfig.json"), ts.sys.readFile);
  const { options, errors } = ts.parseJsonConfigFileContent(config.config, ts.sys, dir);
  expect(errors).toEqual([]);
  const program = ts.createProgram({ rootNames: roots, options });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.basename(diagnostic.file.fileName)}: ` : "";
    return `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  });
}

describe("scenario init", () => {
  it("writes a TypeScript turn-based scenario by default: manifest, src/logic.ts, a typed client page, tsconfig.json, a first test", async () => {
    // An example that has been run holds its build's output, which a new scenario builds for itself.
    const example = path.join(projectRoot, "examples/tic-tac-toe");
    await runBuild(readManifest(example).build as string, example);
    expect(existsSync(path.join(example, "public/client.js"))).toBe(true);

    const dir = newFolder("My Game");
    const { code, out } = await runCli(["init", dir]);
    expect(code).toBe(0);
    expect(filesOf(dir)).toEqual([
      ".gitignore",
      "manifest.json",
      "public/index.html",
      "public/style.css",
      "src/client.ts",
      "src/logic.test.ts",
      "src/logic.ts",
      "tsconfig.json",
    ]);
    expect(readManifest(dir)).toEqual({
      id: "my-game",
      name: "my-game",
      serverActionLogicPath: "src/logic.ts",
      playerCount: 2,
      build: expect.stringContaining("esbuild src/client.ts"),
      output: "public",
    });
    expect(readFileSync(path.join(dir, "src/logic.ts"), "utf8")).toBe(
      readFileSync(path.join(example, "src/logic.ts"), "utf8"),
    );
    const tsconfig = JSON.parse(readFileSync(path.join(dir, "tsconfig.json"), "utf8"));
    expect(path.resolve(dir, tsconfig.extends)).toBe(path.join(projectRoot, "tsconfig.scenario.json"));
    expect(out).toContain('scenario init: a turn-based scenario "my-game" in TypeScript');
  });

  it("prints the next steps as commands that run from where it ran, the folder quoted for the shell", async () => {
    const dir = newFolder("my game");
    const { out } = await runCli(["init", dir, "--template", "real-time"]);
    const relative = path.relative(process.cwd(), dir);
    expect(out).toContain(`npx scenario test '${relative}'`);
    expect(out).toContain(`npx scenario dev '${relative}'`);
    expect(out).toContain(`npx tsc -p '${relative}'`);
  });

  it("writes the real-time template, and plain JavaScript with --js", async () => {
    const realTime = newFolder("race");
    expect((await runCli(["init", realTime, "--template", "real-time"])).code).toBe(0);
    expect(filesOf(realTime)).toContain("src/logic.ts");
    expect(readFileSync(path.join(realTime, "src/logic.ts"), "utf8")).toContain("tickRate: 10");

    const js = newFolder("race-js");
    const { code, out } = await runCli(["init", js, "--template", "real-time", "--js"]);
    expect(code).toBe(0);
    expect(filesOf(js)).toEqual(["client.js", "index.html", "logic.js", "logic.test.js", "manifest.json"]);
    expect(readManifest(js)).toEqual({
      id: "race-js",
      name: "race-js",
      serverActionLogicPath: "logic.js",
      playerCount: 2,
    });
    expect(out).toContain("in JavaScript");
    expect(out).not.toContain("npx tsc");

    const turnBased = newFolder("board-js");
    expect((await runCli(["init", turnBased, "--js"])).code).toBe(0);
    expect(filesOf(turnBased)).toEqual([
      "client.js",
      "index.html",
      "logic.js",
      "logic.test.js",
      "manifest.json",
      "style.css",
    ]);
  });

  it("refuses a folder that is not empty and writes nothing into it; exit 1", async () => {
    const dir = newFolder("taken");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "notes.txt"), "mine");
    const { code, err } = await runCli(["init", dir]);
    expect(code).toBe(1);
    expect(err).toContain(`${dir} is not empty (notes.txt): scenario init writes only into a new or empty folder`);
    expect(readdirSync(dir)).toEqual(["notes.txt"]);

    const empty = newFolder("empty");
    mkdirSync(empty);
    expect((await runCli(["init", empty])).code).toBe(0);
  });

  it("refuses an unknown template and a second folder with the usage; exit 2", async () => {
    const unknown = await runCli(["init", newFolder("x"), "--template", "chess"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("--template must be one of turn-based, real-time, got chess");
    const two = await runCli(["init", newFolder("a"), newFolder("b")]);
    expect(two.code).toBe(2);
    expect(two.err).toContain("Usage: scenario init [dir]");
  });

  it("its TypeScript compiles as an editor sees it, and a wrong payload in its page is a type error", async () => {
    const turnBased = newFolder("typed");
    const realTime = newFolder("typed-race");
    await runCli(["init", turnBased]);
    await runCli(["init", realTime, "--template", "real-time"]);
    const wrong = path.join(turnBased, "src/wrong-payload.ts");
    writeFileSync(
      wrong,
      'import { startGame } from "/sdk.js";\nimport game from "./logic";\nstartGame({ game }).act("place", { cell: "4" });\n',
    );
    const roots = [turnBased, realTime].flatMap((dir) => [
      path.join(dir, "src/logic.ts"),
      path.join(dir, "src/client.ts"),
    ]);
    expect(typeErrors(turnBased, [...roots, wrong])).toEqual([
      "wrong-payload.ts: TS2322 Type 'string' is not assignable to type 'number'.",
    ]);
  });
});

describe("tsconfig.scenario.json", () => {
  it("maps the names a scenario imports to the files the CLI resolves them to, and /sdk.js to the SDK", () => {
    const { config } = ts.readConfigFile(path.join(projectRoot, "tsconfig.scenario.json"), ts.sys.readFile);
    const paths = config.compilerOptions.paths as Record<string, string[]>;
    const resolved = Object.fromEntries(
      Object.entries(paths).map(([name, [file]]) => [name, path.resolve(projectRoot, file as string)]),
    );
    expect(resolved).toEqual({ ...SCENARIO_MODULES, "/sdk.js": path.join(projectRoot, "browser/sdk/index.ts") });
  });
});
