import path from "node:path";
import { type BuildResult, build, type Message } from "esbuild";
import type { BuildProblem } from "../../src/page-configs/harness.ts";
import { BuildError } from "./run-build.ts";
import { scenarioModules } from "./scenario-imports.ts";

/**
 * The logic did not bundle, or bundled into a module without the default export the rooms import
 * (the game object). Its message names each problem as `file:line:column: message`.
 */
export class LogicBuildError extends BuildError {
  override name = "LogicBuildError";
  readonly problems: BuildProblem[];

  constructor(problems: BuildProblem[]) {
    super(`the logic did not build: ${problems.map(problemLine).join("; ")}`);
    this.problems = problems;
  }
}

/**
 * The scenario's server logic as one ES module with every import resolved (what publish uploads
 * too): JavaScript or TypeScript, `scenario` included. Paths in a LogicBuildError are from `root`
 * (the scenario folder; by default the entry's).
 */
export async function bundleLogic(entry: string, root = path.dirname(entry)): Promise<string> {
  const absoluteEntry = path.resolve(root, entry);
  let result: BuildResult<{ metafile: true; write: false }>;
  try {
    result = await build({
      entryPoints: [absoluteEntry],
      absWorkingDir: path.resolve(root),
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      write: false,
      metafile: true,
      logLevel: "silent",
      plugins: [scenarioModules()],
    });
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(messages) || messages.length === 0) throw error;
    throw new LogicBuildError(messages.map(fromEsbuild));
  }
  const output = Object.values(result.metafile.outputs).find((file) => file.entryPoint !== undefined);
  if (output && !output.exports.includes("default")) {
    throw new LogicBuildError([
      {
        file: path.relative(path.resolve(root), absoluteEntry),
        line: null,
        column: null,
        lineText: null,
        message:
          "has no default export: the rooms run the game object it exports as default (export default { setup, actions, ... })",
      },
    ]);
  }
  return result.outputFiles[0]?.text ?? "";
}

function fromEsbuild(message: Message): BuildProblem {
  const at = message.location;
  return {
    file: at?.file ?? "(unknown file)",
    line: at ? at.line : null,
    // esbuild counts columns from 0, editors from 1.
    column: at ? at.column + 1 : null,
    lineText: at?.lineText ?? null,
    message: message.text,
  };
}

/** `logic.js:12:5: Unexpected "}"`, the form editors and terminals link to the place. */
export function problemLine(problem: BuildProblem): string {
  const place = [problem.file, problem.line, problem.column].filter((part) => part !== null).join(":");
  return `${place}: ${problem.message}`;
}
