import { spawn } from "node:child_process";
import path from "node:path";
import { projectRoot } from "../local-platform/wrangler-env.ts";

export class BuildError extends Error {
  override name = "BuildError";
  /** The last of what the build command printed (its compiler's errors), when it was the command that failed. */
  readonly output: string | null;

  constructor(message: string, output: string | null = null) {
    super(message);
    this.output = output;
  }
}

/** How much of the build command's output a BuildError keeps: its last characters, where errors end up. */
const KEPT_OUTPUT_CHARS = 8_000;
/** How long after the command exits its pipes may take to close. */
const OUTPUT_GRACE_MS = 500;

/** The platform's own tools (esbuild, tsc), which a scenario's build command may call by name wherever its folder is. */
const PLATFORM_BIN = path.join(projectRoot, "node_modules", ".bin");

/**
 * Runs the manifest's `build` command in the scenario folder, as `scenario publish` and
 * `scenario dev` both do before they bundle, with the platform's tools first on PATH; its output
 * goes to stderr, and the end of it into the BuildError of a command that fails (the harness shows it).
 */
export function runBuild(command: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PATH: `${PLATFORM_BIN}${path.delimiter}${process.env.PATH ?? ""}` };
    const child = spawn(command, { cwd, env, shell: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      process.stderr.write(chunk);
      output = (output + chunk.toString("utf8")).slice(-KEPT_OUTPUT_CHARS);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) => reject(new BuildError(`build command could not start: ${error.message}`)));
    child.on("exit", (code) => {
      const settle = () =>
        code === 0
          ? resolve()
          : reject(
              new BuildError(`build command "${command}" exited with ${code}`, withoutColors(output).trim() || null),
            );
      // Its last output may still be in the pipes; a process it left running may hold them open.
      const cap = setTimeout(settle, OUTPUT_GRACE_MS);
      child.once("close", () => {
        clearTimeout(cap);
        settle();
      });
    });
  });
}

/** Terminal colour codes, which a compiler may print even into a pipe. */
function withoutColors(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
  return text.replace(/\x1b\[[0-9;]*m/g, "");
}
