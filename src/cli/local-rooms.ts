import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { devSecretVars, devUrlVars } from "../../scripts/local-platform.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "../../scripts/wrangler-env.ts";

/** The platform's R2 bucket for logic files (wrangler.toml, binding CODE). */
const CODE_BUCKET = "platform-code";
const READY_TIMEOUT_MS = 90_000;

export interface LocalRooms {
  /** Base of the rooms app, e.g. http://127.0.0.1:8811/rooms. */
  roomsUrl: string;
  port: number;
  /** Puts a bundled logic file where the rooms read it: local R2 `{revisionId}/logic.js`. */
  putLogic(revisionId: string, code: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * This platform's Worker under `wrangler dev`: the same room server as production, with
 * throw-away local state, its app URLs moved to the given port and fresh dev IdP keys (the
 * platform's config needs them even though rooms do not).
 */
export async function startLocalRooms(port: number, log: (line: string) => void): Promise<LocalRooms> {
  const stateDir = mkdtempSync(path.join(tmpdir(), "scenario-dev-"));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    wranglerBin,
    [
      "dev",
      "--config",
      path.join(projectRoot, "wrangler.toml"),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
      ...devUrlVars(origin),
      ...devSecretVars(),
    ],
    { cwd: projectRoot, env: wranglerEnv({ CI: "true" }), stdio: ["ignore", "pipe", "pipe"], detached: false },
  );
  await waitForReady(child, log);
  const scratch = path.join(stateDir, "uploads");
  mkdirSync(scratch, { recursive: true });
  return {
    roomsUrl: `${origin}/rooms`,
    port,
    putLogic: async (revisionId, code) => {
      const file = path.join(scratch, `${revisionId}.js`);
      writeFileSync(file, code);
      await run(wranglerBin, [
        "r2",
        "object",
        "put",
        `${CODE_BUCKET}/${revisionId}/logic.js`,
        "--local",
        "--persist-to",
        stateDir,
        "--config",
        path.join(projectRoot, "wrangler.toml"),
        "--file",
        file,
        "--content-type",
        "application/javascript",
      ]);
    },
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        });
      }
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

function waitForReady(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`wrangler dev not ready in 90 s\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (ready) {
        // Room logs (console output of the Worker) are useful while developing a scenario.
        for (const line of text.split("\n"))
          if (line.trim() && !line.includes("[wrangler:info]")) log(`rooms | ${line}`);
        return;
      }
      output += text;
      if (/Ready on http/.test(output)) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`wrangler dev exited with ${code}\n${output}`));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: wranglerEnv({ CI: "true" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args.slice(0, 3).join(" ")} failed (${code})\n${output}`)),
    );
  });
}
