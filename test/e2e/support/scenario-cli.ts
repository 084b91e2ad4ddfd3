/** The `scenario` command as an author runs it, against the platform under test. */
import { execFile } from "node:child_process";
import path from "node:path";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where the CLI keeps its login (`home`) and which platform it talks to. */
export interface ScenarioCliSettings {
  home: string;
  authUrl: string;
  apiUrl: string;
}

/** `scenario <args>` on the project's Node, with only the environment an author's shell would give it. */
export function runScenario(
  settings: ScenarioCliSettings,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      path.join(projectRoot, "node_modules/.bin/node"),
      [path.join(projectRoot, "tools/cli/run.ts"), ...args],
      {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: settings.home,
          SCENARIO_CONFIG: path.join(settings.home, "config.json"),
          SCENARIO_AUTH_URL: settings.authUrl,
          SCENARIO_API_URL: settings.apiUrl,
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
