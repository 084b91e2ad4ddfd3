/**
 * One run of `scenario loadtest`: builds and bundles the scenario's logic as `scenario dev` does,
 * takes its bots (its bots export, or a replay's actions), starts the local rooms (or reaches rooms on a loopback URL), plays every seat of
 * every room with a bot at the planned rate through the load engine (tools/loadtest/), and sums
 * up what the rooms and this machine did.
 */
import { z } from "zod";
import type { Seat } from "../../src/engine/types.ts";
import { mintSeatTicket } from "../../src/room-access/seat-ticket.ts";
import { botMoves } from "../loadtest/bots.ts";
import { runLoad, type SeatAddress } from "../loadtest/load-engine.ts";
import { ProgressLine, type ProgressStream } from "../loadtest/progress-line.ts";
import { type LoadTestSummary, loadTestFailures } from "../loadtest/report-table.ts";
import { roomWireTarget } from "../loadtest/room-wire-target.ts";
import { RoomsUsageMeter } from "../loadtest/rooms-usage.ts";
import { bundleLogic } from "./bundle.ts";
import { DEFAULT_PLAYER_COUNT, devRevisionId, devRoster } from "./dev-roster.ts";
import { chooseBots, readRecordedGame } from "./loadtest-bots.ts";
import { checkLoadBounds, type LoadtestOptions } from "./loadtest-flags.ts";
import { type LocalRooms, startLocalRooms } from "./local-rooms.ts";
import { readManifest, readScenario } from "./manifest.ts";
import { runBuild } from "./run-build.ts";

/** How long after the last send an unanswered action still counts; then it is lost. */
const DRAIN_MS = 10_000;
/** Rooms write their state at most this late (docs/rooms.md): their counts are read after it. */
const WRITE_WINDOW_MS = 500;

/** A refusal of the plan once the manifest is read (exit 2), as a bad flag is. */
export class LoadPlanError extends Error {
  override name = "LoadPlanError";
}

export interface LoadTestRun {
  summary: LoadTestSummary;
  /** Why the run failed (seats that did not open, actions never answered), or empty. */
  failures: string[];
}

export async function runLoadTest(
  options: LoadtestOptions,
  io: { log: (line: string) => void; progress: ProgressStream; onRoomsStarted?: (rooms: LocalRooms) => void },
): Promise<LoadTestRun> {
  // A replay that cannot be used stops the run before anything is built or started.
  const recorded = options.replayFile === undefined ? null : await readRecordedGame(options.replayFile);
  const command = readManifest(options.dir).build;
  if (command) {
    io.log(`build: ${command}`);
    await runBuild(command, options.dir);
  }
  const scenario = readScenario(options.dir);
  const seats = options.seats ?? scenario.manifest.playerCount ?? DEFAULT_PLAYER_COUNT;
  const bounds = checkLoadBounds(options.rooms, seats, options.ratePerSeat);
  if (bounds) throw new LoadPlanError(bounds);
  const code = await bundleLogic(scenario.logicEntry, scenario.dir);
  const roster = devRoster(seats);
  const bots = await chooseBots(code, scenario.logicEntry, recorded, roster, io.log);
  const runId = Date.now().toString(36);
  const roomIds = Array.from({ length: options.rooms }, (_, index) => `load-${runId}-${index}`);

  let rooms: LocalRooms | null = null;
  try {
    const where = await reachRooms(options, scenario.manifest.id, code, io, (started) => {
      rooms = started;
      io.onRoomsStarted?.(started);
    });
    const meter = new RoomsUsageMeter(where.port);
    const clientCpuStart = process.cpuUsage();
    const progress = new ProgressLine(io.progress);
    const durationMs = options.durationSeconds * 1000;
    io.log(
      `${options.rooms} rooms x ${seats} seats, each seat due ${options.ratePerSeat} times a second for ${options.durationSeconds} s`,
    );
    const load = runLoad(
      roomWireTarget({
        url: (address) => where.seatUrl(roomIds[address.room] as string, roster, address),
        move: botMoves(bots, { seed: options.seed, roster }),
      }),
      {
        rooms: options.rooms,
        seats,
        ratePerSeat: options.ratePerSeat,
        durationMs,
        drainMs: DRAIN_MS,
        onSeatsOpen: () => meter.sample(),
        onProgress: (p) => {
          meter.sample();
          progress.show(p, durationMs);
        },
      },
    );
    // A bot that throws ends the run: the progress line ends before its message.
    const report = await load.finally(() => progress.end());
    const storageWrites = await readStorageWrites(where.httpBase, where.revisionId, roomIds);
    const cpu = process.cpuUsage(clientCpuStart);
    const summary: LoadTestSummary = {
      scenario: scenario.manifest.name ?? scenario.manifest.id,
      rooms: options.rooms,
      seats,
      ratePerSeat: options.ratePerSeat,
      durationSeconds: options.durationSeconds,
      botsTellGameOver: typeof bots.gameOver === "function",
      report,
      storageWrites,
      roomsUsage: meter.finish(),
      clientCpuMs: (cpu.user + cpu.system) / 1000,
    };
    return { summary, failures: loadTestFailures(summary, DRAIN_MS) };
  } finally {
    await (rooms as LocalRooms | null)?.stop();
  }
}

interface ReachedRooms {
  /** Port of the rooms on this machine (for the process tree's CPU and memory). */
  port: number;
  /** Base of the rooms app over HTTP, e.g. http://127.0.0.1:8821/rooms. */
  httpBase: string;
  revisionId: string;
  seatUrl(roomId: string, roster: Seat[], address: SeatAddress): Promise<string>;
}

/** Starts the local rooms with the bundled logic, or points at the rooms of --rooms-url. */
async function reachRooms(
  options: LoadtestOptions,
  gameId: string,
  code: string,
  io: { log: (line: string) => void },
  started: (rooms: LocalRooms) => void,
): Promise<ReachedRooms> {
  const target = options.target;
  if (target.kind === "url") {
    const http = target.roomsUrl.replace(/^ws/, "http");
    const url = new URL(http);
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    const ws = http.replace(/^http/, "ws");
    return {
      port,
      httpBase: http,
      revisionId: target.revisionId,
      // Rooms of npm run dev take a seat without a ticket; rooms that require one refuse the upgrade.
      seatUrl: async (roomId, roster, address) =>
        `${socketPath(ws, target.revisionId, roomId)}?${seatQuery(roster, address).toString()}`,
    };
  }
  const revisionId = devRevisionId(gameId, 1);
  io.log(`starting the local rooms on port ${target.roomsPort} ...`);
  // Room logs (every refused move) would drown the progress line: the table counts them instead.
  const rooms = await startLocalRooms(target.roomsPort, () => {}, { revisionId, code });
  started(rooms);
  const ws = rooms.roomsUrl.replace(/^http/, "ws");
  return {
    port: rooms.port,
    httpBase: rooms.roomsUrl,
    revisionId,
    // The local rooms require seat tickets, as production does; the CLI mints them as scenario dev does.
    seatUrl: async (roomId, roster, address) => {
      const query = seatQuery(roster, address);
      const seatId = query.get("seatId") as string;
      const ticket = await mintSeatTicket(rooms.ticketSecret, {
        revisionId,
        roomId,
        seatId,
        role: "player",
        players: roster,
      });
      query.set("ticket", ticket);
      return `${socketPath(ws, revisionId, roomId)}?${query.toString()}`;
    },
  };
}

const socketPath = (wsBase: string, revisionId: string, roomId: string) =>
  `${wsBase}/ws/games/${encodeURIComponent(revisionId)}/${encodeURIComponent(roomId)}`;

function seatQuery(roster: Seat[], address: SeatAddress): URLSearchParams {
  return new URLSearchParams({
    seatId: roster[address.seat]?.id ?? `p${address.seat + 1}`,
    players: JSON.stringify(roster),
  });
}

const statsSchema = z.object({ storageWrites: z.number().int().min(0) });

/** Storage writes of every room, from the rooms' dev stats; null where they cannot be read (not dev). */
async function readStorageWrites(httpBase: string, revisionId: string, roomIds: string[]): Promise<number | null> {
  await new Promise((resolve) => setTimeout(resolve, WRITE_WINDOW_MS + 100));
  try {
    const counts = await Promise.all(
      roomIds.map(async (roomId) => {
        const response = await fetch(
          `${httpBase}/dev/rooms/${encodeURIComponent(revisionId)}/${encodeURIComponent(roomId)}/stats`,
        );
        if (!response.ok) return null;
        const stats = statsSchema.safeParse(await response.json());
        return stats.success ? stats.data.storageWrites : null;
      }),
    );
    return counts.includes(null) ? null : (counts as number[]).reduce((sum, n) => sum + n, 0);
  } catch {
    return null;
  }
}
