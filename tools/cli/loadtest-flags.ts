/**
 * The flags of `scenario loadtest` and their bounds: a load test runs on this machine only (local
 * rooms, or rooms on a loopback address), with a bounded number of connections, rate and duration,
 * so that it always stops by itself and never floods anything but the author's own machine.
 */
import { isIP } from "node:net";
import { parseArgs } from "node:util";
import { z } from "zod";
import { MAX_SEATS } from "../../src/engine/roster.ts";
import { roomIdSchema } from "../../src/room-access/connect-params.ts";

export const LOADTEST_LIMITS = {
  rooms: 200,
  seats: MAX_SEATS,
  /** Per seat: a room takes at most 20 continuous inputs a second from one connection. */
  rate: 20,
  minRate: 0.1,
  durationSeconds: 300,
  connections: 1000,
  actionsPerSecond: 5000,
};

export const DEFAULT_LOADTEST_ROOMS_PORT = 8821;

export const LOADTEST_USAGE = `Usage: scenario loadtest [dir] [--rooms N] [--seats M] [--rate R] [--duration S]
                        [--rooms-port 8821 | --rooms-url URL --revision ID] [--seed N]
                        [--replay FILE]

  loadtest [dir]  start the scenario's rooms locally (as scenario dev does), put a bot in every
                  seat (the logic module's bots export, or --replay) and report what the rooms achieved
  --rooms N       rooms played at once (1-${LOADTEST_LIMITS.rooms}, default 10)
  --seats M       seats per room (1-${LOADTEST_LIMITS.seats}; default: manifest playerCount, else 2)
  --rate R        turns a second of each seat, each a move or a wait (${LOADTEST_LIMITS.minRate}-${LOADTEST_LIMITS.rate}, default 2)
  --duration S    seconds of sending (1-${LOADTEST_LIMITS.durationSeconds}, default 10); answers are awaited 10 s more
  --rooms-port    port of the local rooms (default ${DEFAULT_LOADTEST_ROOMS_PORT})
  --rooms-url     rooms already running on this machine instead (loopback only, e.g.
                  http://localhost:8787/rooms of npm run dev), with --revision, the revision they run
  --seed N        seed of the bots' random numbers (default 1)
  --replay FILE   bots that play back a replay saved from the harness instead: each seat sends
                  the actions of the replay's seat in its place, in order, then starts over; a
                  seat the replay lacks idles. Wins over a bots export; needed without one
  At most ${LOADTEST_LIMITS.connections} seats in all and ${LOADTEST_LIMITS.actionsPerSecond} moves a second in all.`;

export interface LoadtestOptions {
  dir: string;
  rooms: number;
  /** Undefined: the manifest's playerCount, else 2. */
  seats: number | undefined;
  ratePerSeat: number;
  durationSeconds: number;
  seed: number;
  /** A replay file whose recorded actions the bots play back instead of the bots export. */
  replayFile: string | undefined;
  target: { kind: "local"; roomsPort: number } | { kind: "url"; roomsUrl: string; revisionId: string };
}

export type LoadtestFlags = { ok: true; options: LoadtestOptions } | { ok: false; help: boolean; message: string };

const whole = (flag: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${flag} must be a number` })
    .int(`${flag} must be a whole number`)
    .min(min, `${flag} must be at least ${min}`)
    .max(max, `${flag} must be at most ${max}`);

const flagsSchema = z.object({
  rooms: whole("--rooms", 1, LOADTEST_LIMITS.rooms).default(10),
  seats: whole("--seats", 1, LOADTEST_LIMITS.seats).optional(),
  rate: z.coerce
    .number({ error: "--rate must be a number" })
    .min(LOADTEST_LIMITS.minRate, `--rate must be at least ${LOADTEST_LIMITS.minRate} a second`)
    .max(LOADTEST_LIMITS.rate, `--rate must be at most ${LOADTEST_LIMITS.rate} a second per seat`)
    .default(2),
  duration: z.coerce
    .number({ error: "--duration must be a number" })
    .min(1, "--duration must be at least 1 second")
    .max(LOADTEST_LIMITS.durationSeconds, `--duration must be at most ${LOADTEST_LIMITS.durationSeconds} seconds`)
    .default(10),
  "rooms-port": whole("--rooms-port", 1, 65_535).optional(),
  "rooms-url": z.string().optional(),
  revision: z.string().optional(),
  seed: whole("--seed", 0, 2 ** 32 - 1).default(1),
  replay: z.string().min(1, "--replay needs a replay file (saved from the harness)").optional(),
});

/** Reads `scenario loadtest`'s arguments (argv after the command name); every refusal says which flag and why. */
export function parseLoadtestFlags(argv: string[]): LoadtestFlags {
  let raw: ReturnType<typeof readArgs>;
  try {
    raw = readArgs(argv);
  } catch (error) {
    return { ok: false, help: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (raw.values.help) return { ok: false, help: true, message: "" };
  if (raw.positionals.length > 1) {
    return { ok: false, help: false, message: `one scenario folder at most, got ${raw.positionals.join(" ")}` };
  }
  const parsed = flagsSchema.safeParse(raw.values);
  if (!parsed.success) return { ok: false, help: false, message: parsed.error.issues[0]?.message ?? "invalid flags" };
  const flags = parsed.data;
  // Seats may still come from the manifest: the command checks the bounds again once it knows them.
  const bounds = checkLoadBounds(flags.rooms, flags.seats ?? 1, flags.rate);
  if (bounds) return refuse(bounds);
  const target = readTarget(flags);
  if (typeof target === "string") return refuse(target);
  return {
    ok: true,
    options: {
      dir: raw.positionals[0] ?? ".",
      rooms: flags.rooms,
      seats: flags.seats,
      ratePerSeat: flags.rate,
      durationSeconds: flags.duration,
      seed: flags.seed,
      replayFile: flags.replay,
      target,
    },
  };
}

/** The product bounds once the seat count is known (it may come from the manifest). */
export function checkLoadBounds(rooms: number, seats: number, ratePerSeat: number): string | null {
  if (rooms * seats > LOADTEST_LIMITS.connections) {
    return `${rooms} rooms x ${seats} seats is ${rooms * seats} seats: at most ${LOADTEST_LIMITS.connections} in all`;
  }
  if (rooms * seats * ratePerSeat > LOADTEST_LIMITS.actionsPerSecond) {
    return `${rooms} rooms x ${seats} seats x ${ratePerSeat} a second is more than ${LOADTEST_LIMITS.actionsPerSecond} moves a second in all`;
  }
  return null;
}

function readTarget(flags: z.infer<typeof flagsSchema>): LoadtestOptions["target"] | string {
  const url = flags["rooms-url"];
  if (url === undefined) {
    if (flags.revision !== undefined)
      return "--revision goes with --rooms-url (local rooms run the folder's own logic)";
    return { kind: "local", roomsPort: flags["rooms-port"] ?? DEFAULT_LOADTEST_ROOMS_PORT };
  }
  if (flags["rooms-port"] !== undefined) return "--rooms-port and --rooms-url exclude each other";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `--rooms-url must be a URL like http://localhost:8787/rooms, got ${url}`;
  }
  if (!["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)) {
    return `--rooms-url must be an http(s) or ws(s) URL, got ${url}`;
  }
  if (!isLoopback(parsed.hostname)) {
    return `--rooms-url must be on this machine (localhost, 127.0.0.0/8 or [::1]): a load test never targets another host, got ${parsed.hostname}`;
  }
  if (flags.revision === undefined) {
    return "--rooms-url needs --revision: the revision those rooms run (scenario publish prints it)";
  }
  const revision = roomIdSchema.safeParse(flags.revision);
  if (!revision.success) return `--revision ${flags.revision} is no revision id`;
  return { kind: "url", roomsUrl: `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`, revisionId: revision.data };
}

/** localhost, 127.0.0.0/8 and ::1: the only hosts a load test may target. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1";
  return false;
}

function refuse(message: string): LoadtestFlags {
  return { ok: false, help: false, message };
}

function readArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      rooms: { type: "string" },
      seats: { type: "string" },
      rate: { type: "string" },
      duration: { type: "string" },
      "rooms-port": { type: "string" },
      "rooms-url": { type: "string" },
      revision: { type: "string" },
      seed: { type: "string" },
      replay: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
