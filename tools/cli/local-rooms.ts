import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { codeKeys } from "../../src/publishing/code-keys.ts";
import { devSecretVars, devUrlVars, freshDevSecrets, startWranglerDev } from "../local-platform/local-platform.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "../local-platform/wrangler-env.ts";

/** The platform's R2 bucket for logic files (wrangler.toml, binding CODE). */
const CODE_BUCKET = "platform-code";

export interface LocalRooms {
  /** Base of the rooms app, e.g. http://127.0.0.1:8811/rooms. */
  roomsUrl: string;
  port: number;
  /** Key of the seat tickets these rooms require; the harness mints each seat's ticket with it. */
  ticketSecret: string;
  /** Puts a bundled logic file where the rooms read it: local R2 `{revisionId}/logic.js`. */
  putLogic(revisionId: string, code: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * This platform's Worker under `wrangler dev`: the same room server as production, with
 * throw-away local state, its app URLs moved to the given port and fresh dev secrets. Its rooms
 * require seat tickets (ROOM_TICKETS=required), as in production: the CLI, the roster's authority
 * in dev, mints them. `first` is uploaded while it starts.
 */
export async function startLocalRooms(
  port: number,
  log: (line: string) => void,
  first: { revisionId: string; code: string },
): Promise<LocalRooms> {
  const secrets = freshDevSecrets();
  const stateDir = mkdtempSync(path.join(tmpdir(), "scenario-dev-"));
  const scratch = path.join(stateDir, "uploads");
  mkdirSync(scratch, { recursive: true });
  const putLogic = async (revisionId: string, code: string) => {
    const file = path.join(scratch, `${revisionId}.js`);
    writeFileSync(file, code);
    await run(wranglerBin, [
      "r2",
      "object",
      "put",
      `${CODE_BUCKET}/${codeKeys.logic(revisionId)}`,
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
  };
  // wrangler dev and the first upload only share the local state folder: they run side by side.
  const origin = `http://127.0.0.1:${port}`;
  const started = await Promise.allSettled([
    startWranglerDev(
      "wrangler.toml",
      port,
      [
        "--show-interactive-dev-session=false",
        ...devUrlVars(origin),
        ...devSecretVars(secrets),
        "--var",
        "ROOM_TICKETS:required",
      ],
      stateDir,
      (text) => {
        // Room logs (console output of the Worker) are useful while developing a scenario.
        for (const line of text.split("\n"))
          if (line.trim() && !line.includes("[wrangler:info]")) log(`rooms | ${line}`);
      },
    ),
    putLogic(first.revisionId, first.code),
  ]);
  const [worker, upload] = started;
  const stop = async () => {
    if (worker.status === "fulfilled") await worker.value.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
  if (worker.status === "rejected" || upload.status === "rejected") {
    await stop();
    throw worker.status === "rejected" ? worker.reason : (upload as PromiseRejectedResult).reason;
  }
  return { roomsUrl: `${origin}/rooms`, port, ticketSecret: secrets.ROOM_TICKET_SECRET, putLogic, stop };
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
