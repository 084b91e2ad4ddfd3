import { spawn } from "node:child_process";

export class BuildError extends Error {
  override name = "BuildError";
}

/**
 * Runs the manifest's `build` command in the scenario folder, as `scenario publish` and
 * `scenario dev` both do before they bundle; its output goes to stderr.
 */
export function runBuild(command: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd, shell: true, stdio: ["ignore", process.stderr, process.stderr] });
    child.on("error", (error) => reject(new BuildError(`build command could not start: ${error.message}`)));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new BuildError(`build command "${command}" exited with ${code}`)),
    );
  });
}
