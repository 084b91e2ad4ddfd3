import { createHash } from "node:crypto";
import { watch } from "node:fs";
import path from "node:path";
import { bundlePageScript, HARNESS_SCRIPT } from "../build/pages.ts";
import { bundleSdk } from "../build/sdk.ts";
import { bundleLogic } from "./bundle.ts";
import { DEFAULT_PLAYER_COUNT, devRevisionId, devRoster } from "./dev-roster.ts";
import { HarnessServer } from "./harness-server.ts";
import { startLocalRooms } from "./local-rooms.ts";
import { readManifest, readScenario } from "./manifest.ts";
import { runBuild } from "./run-build.ts";

export interface DevOptions {
  dir: string;
  /** Port of the harness page; the local rooms use port + 1 unless roomsPort is given. */
  port: number;
  roomsPort?: number;
  seats?: number;
  spectator: boolean;
  log: (line: string) => void;
}

export interface DevSession {
  url: string;
  revisionId(): string;
  stop(): Promise<void>;
}

const WATCH_DEBOUNCE_MS = 150;

/**
 * `scenario dev [dir]`: checks the manifest, runs its `build` command (as `scenario publish`
 * does), bundles the server logic, starts the local rooms, uploads the logic as a dev revision
 * and serves the harness. A change in the scenario folder runs the build again and rebuilds the
 * logic; a changed bundle becomes a new dev revision the harness switches to, any other change
 * reloads the seat iframes. What the build itself writes is no change: changes seen while it
 * runs, and for a moment after, are ignored.
 */
export async function startDev(options: DevOptions): Promise<DevSession> {
  const command = readManifest(options.dir).build;
  let quietUntil = 0;
  const runManifestBuild = async () => {
    if (!command) return;
    options.log(`build: ${command}`);
    quietUntil = Number.POSITIVE_INFINITY;
    try {
      await runBuild(command, options.dir);
    } finally {
      quietUntil = Date.now() + WATCH_DEBOUNCE_MS;
    }
  };
  await runManifestBuild();
  // Checked after the build: the logic entry may be what the build writes.
  const scenario = readScenario(options.dir);
  const { manifest } = scenario;
  const roster = devRoster(options.seats ?? manifest.playerCount ?? DEFAULT_PLAYER_COUNT);
  const code = await bundleLogic(scenario.logicEntry);
  let codeHash = hash(code);
  let build = 1;
  let revisionId = devRevisionId(manifest.id, build);
  const [sdk, script] = await Promise.all([bundleSdk({ minify: false }), bundlePageScript(HARNESS_SCRIPT)]);

  const roomsPort = options.roomsPort ?? options.port + 1;
  const rooms = await startLocalRooms(roomsPort, options.log, { revisionId, code });
  const harness = new HarnessServer({
    port: options.port,
    title: manifest.name ?? manifest.id,
    clientDir: scenario.clientDir,
    roomsPort,
    ticketSecret: rooms.ticketSecret,
    sdk: () => sdk,
    script,
    config: () => ({ revisionId, roster, spectator: options.spectator }),
    log: options.log,
  });
  let url: string;
  try {
    url = await harness.listen();
  } catch (error) {
    await rooms.stop();
    throw error;
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let rebuilding = Promise.resolve();
  const rebuild = async () => {
    let next: string;
    try {
      await runManifestBuild();
      next = await bundleLogic(scenario.logicEntry);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`logic build failed: ${message}`);
      harness.notify("failed", { message });
      return;
    }
    if (hash(next) === codeHash) {
      harness.notify("client", {});
      return;
    }
    const nextRevision = devRevisionId(manifest.id, build + 1);
    try {
      await rooms.putLogic(nextRevision, next);
    } catch (error) {
      const message = `could not upload the new logic: ${error instanceof Error ? error.message : String(error)}`;
      options.log(message);
      harness.notify("failed", { message });
      return;
    }
    build++;
    codeHash = hash(next);
    revisionId = nextRevision;
    options.log(`logic changed: now revision ${revisionId}`);
    harness.notify("revision", { revisionId, roster, spectator: options.spectator });
  };
  const watcher = watch(scenario.dir, { recursive: true }, (_event, file) => {
    if (!file || file.split(path.sep).some((part) => part.startsWith(".") || part === "node_modules")) return;
    if (Date.now() < quietUntil) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      rebuilding = rebuilding.then(rebuild, rebuild);
    }, WATCH_DEBOUNCE_MS);
  });

  return {
    url,
    revisionId: () => revisionId,
    stop: async () => {
      watcher.close();
      if (timer) clearTimeout(timer);
      await rebuilding.catch(() => {});
      await harness.close();
      await rooms.stop();
    },
  };
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
