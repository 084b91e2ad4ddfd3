/** `scenario publish` as an author runs it against the platform under test, with a token of their own. */
import { execFile } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliTarget {
  /** The platform's origin (http://127.0.0.1:<port>). */
  platformUrl: string;
  /** A folder of the test's own: HOME and the CLI's config file live there. */
  configDir: string;
}

/** `scenario <args>` as an author runs it, with its environment. */
export function scenario(target: CliTarget, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      path.join(projectRoot, "node_modules/.bin/node"),
      [path.join(projectRoot, "tools/cli/run.ts"), ...args],
      {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: target.configDir,
          SCENARIO_CONFIG: path.join(target.configDir, "config.json"),
          SCENARIO_AUTH_URL: `${target.platformUrl}/auth`,
          SCENARIO_API_URL: `${target.platformUrl}/backend`,
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A new account at the dev IdP and a publish token it created through the token API. */
export async function authorWithToken(platformUrl: string): Promise<{ idToken: string; token: string; id: string }> {
  const email = `author-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signUp = await fetch(`${platformUrl}/idp/v1/accounts:signUp?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", returnSecureToken: true }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const created = await fetch(`${platformUrl}/auth/api/publish-tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "e2e" }),
  });
  expect(created.status).toBe(201);
  const { token, id } = (await created.json()) as { token: string; id: string };
  return { idToken, token, id };
}
