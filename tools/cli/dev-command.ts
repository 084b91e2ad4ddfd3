import { createHash } from "node:crypto";
import type { BuildFailure, HarnessPageConfig } from "../../src/page-configs/harness.ts";
import { bundlePageScript, HARNESS_SCRIPT } from "../build/pages.ts";
import { bundleSdk } from "../build/sdk.ts";
import { bundleLogic, LogicBuildError, problemLine } from "./bundle.ts";
import { DEFAULT_PLAYER_COUNT, devRevisionId, devRoster } from "./dev-roster.ts";
import { FolderSnapshots, sameFiles } from "./folder-snapshot.ts";
import { HarnessServer } from "./harness-server.ts";
import { startLocalRooms } from "./local-rooms.ts";
import { readManifest, readScenario } from "./manifest.ts";
import { BuildError, runBuild } from "./run-build.ts";
import { watchTree } from "./tree-watcher.ts";

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
 * logic; a changed bundle becomes a new dev revision the harness switches to, a change in what the
 * client folder serves reloads the seat iframes. What the build itself writes is no change:
 * changes seen while it runs, and for a moment after, are ignored. Nor is a file saved again with
 * the same bytes, as a second `scenario dev` of the same folder does when its build runs: nothing
 * is built and no seat reloads (it would lose what a player was doing). A rebuild that fails
 * leaves the seats on the last revision that built and shows the harness why, until a rebuild
 * succeeds.
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
  const snapshots = new FolderSnapshots();
  let built = snapshots.take(scenario.dir);
  let served = snapshots.take(scenario.clientDir);
  const { manifest } = scenario;
  const roster = devRoster(options.seats ?? manifest.playerCount ?? DEFAULT_PLAYER_COUNT);
  const code = await bundleLogic(scenario.logicEntry, scenario.dir);
  let codeHash = hash(code);
  let build = 1;
  let revisionId = devRevisionId(manifest.id, build);
  const [sdk, script] = await Promise.all([bundleSdk({ minify: false }), bundlePageScript(HARNESS_SCRIPT)]);

  let failure: BuildFailure | null = null;
  const config = (): HarnessPageConfig => ({ revisionId, roster, spectator: options.spectator, failure });

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
    config,
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
  const fail = (next: BuildFailure) => {
    failure = next;
    const where = next.problems.map((problem) => `\n  ${problemLine(problem)}`).join("");
    options.log(`${next.summary} (the seats stay on ${revisionId}; save a fix to rebuild)${where}`);
    harness.notify("failed", next);
  };
  const rebuild = async () => {
    if (!failure && sameFiles(built, snapshots.take(scenario.dir))) {
      options.log("the saved files are the same as at the last build: nothing to rebuild");
      return;
    }
    let next: string;
    try {
      await runManifestBuild();
      built = snapshots.take(scenario.dir);
      next = await bundleLogic(scenario.logicEntry, scenario.dir);
    } catch (error) {
      return fail(failureOf(error));
    }
    const servedBefore = served;
    served = snapshots.take(scenario.clientDir);
    if (hash(next) === codeHash) {
      if (failure) options.log(`the logic builds again, unchanged: the seats stay on ${revisionId}`);
      else if (sameFiles(servedBefore, served)) {
        options.log("the build changed nothing the seats run: no seat reloads");
        return;
      }
      failure = null;
      harness.notify("client", {});
      return;
    }
    const nextRevision = devRevisionId(manifest.id, build + 1);
    try {
      await rooms.putLogic(nextRevision, next);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail({
        summary: `The new logic could not be uploaded to the local rooms: ${message}`,
        problems: [],
        output: null,
      });
    }
    build++;
    codeHash = hash(next);
    revisionId = nextRevision;
    failure = null;
    options.log(`logic changed: now revision ${revisionId}`);
    harness.notify("revision", config());
  };
  const watcher = watchTree(scenario.dir, () => {
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

/** What the harness shows of a failed rebuild: the logic's errors, or the build command's end of output. */
function failureOf(error: unknown): BuildFailure {
  if (error instanceof LogicBuildError) {
    return { summary: "The logic did not build", problems: error.problems, output: null };
  }
  if (error instanceof BuildError) {
    return { summary: `The ${error.message}`, problems: [], output: error.output };
  }
  return {
    summary: `The build failed: ${error instanceof Error ? error.message : String(error)}`,
    problems: [],
    output: null,
  };
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
