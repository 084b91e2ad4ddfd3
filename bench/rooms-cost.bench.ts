import path from "node:path";
import { PING_FRAME } from "../src/engine/protocol.ts";
import { codeKeys } from "../src/publishing/code-keys.ts";
import { percentile } from "../tools/loadtest/percentile.ts";
import { projectRoot } from "../tools/local-platform/wrangler-env.ts";
import { type BilledUsage, costRows, priceTable } from "./lib/room-cost.ts";
import { counterAction } from "./lib/room-measures.ts";
import { row } from "./lib/rows.ts";
import type { Benchmark, BenchRow } from "./lib/types.ts";
import { BenchSocket } from "./lib/ws-client.ts";

/**
 * What a long-lived turn-based room costs: one room of 2 seats on each side (ours, the partyserver
 * peer), both at once, the seats moving in turn after GAPS_S seconds of thought, and before that a
 * look at how long a room stays awake after one move. Hibernation is read from the runtime: every
 * look asks the object when its instance was made (room stats `instanceStartedAt`, the peer's
 * `onRequest`); a newer instance than the last move means the runtime hibernated the object in
 * between. The prices are Cloudflare's (bench/lib/room-cost.ts); the method is in
 * docs/decisions/0139-what-a-room-costs-and-when-it-hibernates.md.
 */
const SEATS = ["p0", "p1"];
const ROSTER = encodeURIComponent(JSON.stringify(SEATS));
/** Think time before each move after the first, in seconds: moves every 5 to 20 s for about 3 minutes. */
const GAPS_S = [6, 14, 9, 20, 5, 17, 11, 8, 19, 12, 7, 15, 10, 18];
/** The players' session goes on this long after the last move (the same on both sides: player-hours). */
const LAST_THOUGHT_S = 10;
/** Looks after one move, each at a room of its own (a look wakes a hibernated object): from 1 to 30 s. */
const LOOKS_S = Array.from({ length: 30 }, (_, i) => i + 1);
const FIXTURE = path.join(projectRoot, "test/fixtures/counter.logic.js");
/** The SDK's heartbeat interval (browser/sdk/online-connection.ts: every 25 s). */
const HEARTBEAT_MS = 25_000;

interface Look {
  instanceStartedAt: number;
  alarmsFired: number;
  sandboxChannels?: number;
  /** Replies from the sandbox: incoming WebSocket messages of the room, billed as client frames are. */
  sandboxReplies?: number;
}

interface Side {
  name: string;
  /**
   * What a client of this side sends to stay connected, as the SDK does every HEARTBEAT_MS (our
   * rooms drop a socket silent for 60 s). The runtime answers it: it wakes nothing and is not billed.
   */
  heartbeat?: string;
  seat(room: string, seat: string): string;
  look(room: string): Promise<Look>;
}

/** What one move leaves behind when nothing follows it. */
interface AfterOneMove {
  /** Seconds from the move until the runtime had hibernated the object (the first look that found a new instance). */
  awakeS: number;
  /** Alarms the object ran after the move, before it hibernated. */
  alarms: number;
}

const roomsCostBenchmark: Benchmark = async ({ platformUrl, baselineUrl, putCode }) => {
  const ws = (url: string) => url.replace(/^http/, "ws");
  const revisionId = `bench-cost-${Date.now()}`;
  await putCode(codeKeys.logic(revisionId), FIXTURE);
  const json = async (url: string) => (await (await fetch(url)).json()) as Look;
  const ours: Side = {
    name: "rooms",
    heartbeat: PING_FRAME,
    seat: (room, seat) => `${ws(platformUrl)}/rooms/ws/games/${revisionId}/${room}?seatId=${seat}&players=${ROSTER}`,
    look: (room) => json(`${platformUrl}/rooms/dev/rooms/${revisionId}/${room}/stats`),
  };
  const party: Side = {
    name: "partyserver",
    seat: (room, seat) => `${ws(baselineUrl)}/parties/counter-party/${room}?seatId=${seat}&players=${ROSTER}`,
    look: (room) => json(`${baselineUrl}/parties/counter-party/${room}`),
  };
  const tag = Date.now();
  console.log(priceTable());
  console.log(
    `  one move, then a look after 1 to ${LOOKS_S.length} s; and ${GAPS_S.length + 1} moves over about 3 minutes`,
  );
  // The revision's sandbox is loaded once before the rooms below open together.
  for (const side of [ours, party]) {
    const warm = await openRoom(side, `cost-warm-${tag}`);
    await counterAction(warm[0] as BenchSocket, 1);
    for (const socket of warm) socket.close();
  }
  const [oursAfter, partyAfter, oursTurns, partyTurns] = await Promise.all([
    named(`${ours.name}, one move`, afterOneMove(ours, `cost-look-${tag}`)),
    named(`${party.name}, one move`, afterOneMove(party, `cost-look-${tag}`)),
    named(`${ours.name}, turns`, turnBased(ours, `cost-turns-${tag}`)),
    named(`${party.name}, turns`, turnBased(party, `cost-turns-${tag}`)),
  ]);
  const label = `turn-based room, 2 seats, ${GAPS_S.length + 1} moves 5-20 s apart`;
  const rows: BenchRow[] = [
    row("after one move: awake until hibernated, vs partyserver", oursAfter.awakeS, partyAfter.awakeS, "s"),
    row("after one move: alarms run, vs partyserver", oursAfter.alarms, partyAfter.alarms, "alarms"),
    row(
      `${label}: gaps the room hibernated in, vs partyserver`,
      oursTurns.hibernations,
      partyTurns.hibernations,
      "gaps",
    ),
    row(
      `${label}: move round trip p50, vs partyserver`,
      percentile(oursTurns.roundTripsMs, 50),
      percentile(partyTurns.roundTripsMs, 50),
      "ms",
    ),
    ...costRows(label, oursTurns.usage(oursAfter), partyTurns.usage(partyAfter)),
  ];
  return rows;
};

/** Opens a room of SEATS on one side (each seat waits for its `__state`). */
async function openRoom(side: Side, room: string): Promise<BenchSocket[]> {
  const sockets: BenchSocket[] = [];
  for (const seat of SEATS) {
    const socket = await BenchSocket.open(side.seat(room, seat));
    await socket.next((f) => f.type === "__state", 30_000);
    sockets.push(socket);
  }
  return sockets;
}

/**
 * One move in each of LOOKS_S.length rooms at once, then one look per room at its own second: the
 * first second at which a look found a new instance is when the runtime had hibernated the object.
 */
async function afterOneMove(side: Side, prefix: string): Promise<AfterOneMove> {
  const rooms: BenchSocket[][] = [];
  for (const s of LOOKS_S) rooms.push(await openRoom(side, `${prefix}-${s}`));
  // Every room settles first (its write, its first channel), so that the move is the only news.
  await sleep(2_000);
  const before = await Promise.all(LOOKS_S.map((s) => side.look(`${prefix}-${s}`)));
  await Promise.all(rooms.map((sockets) => counterAction(sockets[0] as BenchSocket, 1)));
  const moved = Date.now();
  const looks = await Promise.all(
    LOOKS_S.map(async (s) => {
      await sleep(s * 1000 - (Date.now() - moved));
      return { s, look: await side.look(`${prefix}-${s}`) };
    }),
  );
  for (const sockets of rooms) for (const socket of sockets) socket.close();
  const alarmsBefore = new Map(LOOKS_S.map((s, i) => [s, before[i]?.alarmsFired ?? 0]));
  const awake = looks.filter(({ look }) => look.instanceStartedAt <= moved);
  const hibernated = looks.find(({ look }) => look.instanceStartedAt > moved);
  const lastAwake = awake.at(-1);
  return {
    awakeS: hibernated?.s ?? Number.NaN,
    alarms: lastAwake ? lastAwake.look.alarmsFired - (alarmsBefore.get(lastAwake.s) ?? 0) : 0,
  };
}

/**
 * The seats of one room move in turn after each gap of GAPS_S; the object is looked at right after
 * each move (it is awake then anyway). A look that finds a newer instance than the one before means
 * the runtime hibernated the object in that gap; the alarms its last instance ran after its last
 * look are then the ones one move leaves behind (afterOneMove).
 */
async function turnBased(side: Side, room: string) {
  const sockets = await openRoom(side, room);
  const { heartbeat } = side;
  const beating = heartbeat
    ? setInterval(() => {
        for (const socket of sockets) socket.send(heartbeat);
      }, HEARTBEAT_MS)
    : null;
  const looks: { at: number; look: Look }[] = [];
  const roundTripsMs: number[] = [];
  for (let move = 0; move <= GAPS_S.length; move++) {
    if (move > 0) await sleep((GAPS_S[move - 1] as number) * 1000);
    const sent = performance.now();
    await counterAction(sockets[move % SEATS.length] as BenchSocket, move + 1);
    roundTripsMs.push(performance.now() - sent);
    looks.push({ at: Date.now(), look: await side.look(room) });
  }
  if (beating) clearInterval(beating);
  for (const socket of sockets) socket.close();
  let hibernations = 0;
  for (let i = 1; i < looks.length; i++) {
    if ((looks[i]?.look.instanceStartedAt ?? 0) > (looks[i - 1]?.at ?? 0)) hibernations++;
  }
  const moves = looks.length;
  return {
    hibernations,
    /** Each move's round trip, in ms: after a pause, ours opens a channel into the sandbox first. */
    roundTripsMs,
    /** The usage of the run, the last move followed by `after` (nothing came after it). */
    usage(after: AfterOneMove): BilledUsage {
      let alarms = 0;
      let sandboxOpens = 0;
      let sandboxReplies = 0;
      let awakeSeconds = after.awakeS;
      for (let i = 0; i < looks.length; i++) {
        const { look } = looks[i] as { look: Look };
        const before = i > 0 ? looks[i - 1]?.look : undefined;
        const sameInstance = before !== undefined && before.instanceStartedAt === look.instanceStartedAt;
        alarms += look.alarmsFired - (sameInstance ? (before?.alarmsFired ?? 0) : 0);
        sandboxOpens += (look.sandboxChannels ?? 0) - (sameInstance ? (before?.sandboxChannels ?? 0) : 0);
        sandboxReplies += (look.sandboxReplies ?? 0) - (sameInstance ? (before?.sandboxReplies ?? 0) : 0);
        if (i > 0) {
          const gap = GAPS_S[i - 1] as number;
          if (!sameInstance) alarms += after.alarms;
          awakeSeconds += sameInstance ? gap : Math.min(gap, after.awakeS);
        }
      }
      alarms += after.alarms;
      const sessionS = GAPS_S.reduce((sum, gap) => sum + gap, 0) + LAST_THOUGHT_S;
      return {
        actions: moves,
        playerHours: (SEATS.length * sessionS) / 3600,
        connects: SEATS.length,
        messagesIn: moves,
        sandboxReplies,
        alarms,
        sandboxOpens,
        awakeSeconds,
        // Neither side holds a socket of the standard API (the channel into the sandbox is accepted
        // with the hibernation API): what duration bills is their handlers' time, a few ms a move.
        billedSeconds: 0,
        sandboxCpuMs: 0,
      };
    },
  };
}

/** A failure says which measurement it came from. */
function named<T>(what: string, measuring: Promise<T>): Promise<T> {
  return measuring.catch((error: unknown) => {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

export default roomsCostBenchmark;
