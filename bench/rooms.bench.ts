import path from "node:path";
import type { Client as ColyseusClient } from "@colyseus/sdk";
import { codeKeys } from "../src/publishing/code-keys.ts";
import { percentile } from "../tools/loadtest/percentile.ts";
import { wranglerDevCpuMs } from "../tools/loadtest/process-tree.ts";
import { testPort } from "../tools/local-platform/ports.ts";
import { projectRoot } from "../tools/local-platform/wrangler-env.ts";
import {
  counterAction,
  counterTrips,
  type FrameClient,
  measureThroughput,
  measureTrips,
  measureTripsInRounds,
  median,
  pooled,
  type Throughput,
  type TripSender,
  type Trips,
} from "./lib/room-measures.ts";
import { atLeast, row, upTo } from "./lib/rows.ts";
import type { BenchContext, Benchmark, BenchRow } from "./lib/types.ts";
import { BenchSocket } from "./lib/ws-client.ts";
import { ColyseusSeat, colyseusClient, startColyseus } from "./peers/colyseus.ts";

/**
 * The room server against a relay Durable Object (the floor: receive a frame, send it to every
 * socket), both under wrangler dev in the same run, 8 clients in one room (16 and 32 for throughput).
 * Beside them the peers a user would pick instead, running the same reducer (the counter fixture's
 * `add`) in the same run: a partyserver Durable Object in the baseline Worker (same wrangler dev),
 * and Colyseus in a Node process on loopback (bench/peers).
 */
const CLIENTS = 8;
/**
 * Throughput is measured with 16 and 32 clients: a seat may send at most 300 frames a second
 * (the room's frame budget, src/room-core/frame-budget.ts), and 8 clients saturating one room on
 * a quiet machine send more than that each. Each throughput seat stays well under its budget.
 */
const FEW_CLIENTS = 16;
const MANY_CLIENTS = 32;
const SAMPLES = 150;
/**
 * Round trips in turns of steady play: 300 unrecorded trips per target to warm every runtime up,
 * then ROUNDS rounds, each of 4 turns per target of 5 unrecorded trips (back from idling through
 * the others' turns) and 50 recorded ones (docs/decisions/0103-room-round-trip-against-partyserver-the-calls.md).
 * A p50 row is the median of the rounds' p50s, so one round slowed by a load elsewhere on the
 * machine does not decide it; a p99 row is over all 1,000 trips, so that it is not one outlier
 * (docs/decisions/0138-the-room-round-trip-on-a-slow-machine.md).
 */
const TURNS = { warmUp: 300, turns: 4, perTurn: 50, settle: 5 };
const ROUNDS = 5;
const THROUGHPUT_WINDOWS = 6;
const THROUGHPUT_WINDOW_MS = 500;
const seatsOf = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`);
const SEATS = seatsOf(CLIENTS);
const ROSTER = encodeURIComponent(JSON.stringify(SEATS));
const FIXTURE = path.join(projectRoot, "test/fixtures/counter.logic.js");

const COLYSEUS_PORT = testPort(8792);
const THROUGHPUT = { windows: THROUGHPUT_WINDOWS, windowMs: THROUGHPUT_WINDOW_MS, inFlight: 4 };

let revisions = 0;

const roomsBenchmark: Benchmark = async (context) => {
  const colyseus = await startColyseus(COLYSEUS_PORT);
  try {
    return await measureRooms(context, colyseusClient(colyseus));
  } finally {
    await colyseus.stop();
  }
};

async function measureRooms(
  { platformUrl, baselineUrl, putCode }: BenchContext,
  colyseus: ColyseusClient,
): Promise<BenchRow[]> {
  const ws = (url: string) => url.replace(/^http/, "ws");
  const newRevision = async () => {
    const revisionId = `bench-${Date.now()}-${++revisions}`;
    await putCode(codeKeys.logic(revisionId), FIXTURE);
    return revisionId;
  };
  const revisionId = await newRevision();
  const roomUrl = (room: string, seat: string, roster = ROSTER) =>
    `${ws(platformUrl)}/rooms/ws/games/${revisionId}/${room}?seatId=${seat}&players=${roster}`;
  const openRoom = async (room: string, seats = SEATS, compress = false) => {
    const roster = encodeURIComponent(JSON.stringify(seats));
    const sockets: BenchSocket[] = [];
    for (const seat of seats) {
      const socket = await BenchSocket.open(roomUrl(room, seat, roster), { compress });
      await socket.next((f) => f.type === "__state");
      sockets.push(socket);
    }
    return sockets;
  };
  const openRelay = async (room: string, clients = CLIENTS, compress = false) => {
    const sockets: BenchSocket[] = [];
    for (let i = 0; i < clients; i++) {
      sockets.push(await BenchSocket.open(`${ws(baselineUrl)}/relay/${room}`, { compress }));
    }
    return sockets;
  };
  const openParty = async (room: string, seats = SEATS) => {
    const roster = encodeURIComponent(JSON.stringify(seats));
    const sockets: BenchSocket[] = [];
    for (const seat of seats) {
      const url = `${ws(baselineUrl)}/parties/counter-party/${room}?seatId=${seat}&players=${roster}`;
      const socket = await BenchSocket.open(url);
      await socket.next((f) => f.type === "__state");
      sockets.push(socket);
    }
    return sockets;
  };
  const openColyseus = async (seats = SEATS) => {
    const first = await ColyseusSeat.create(colyseus, seats);
    const clients = [first];
    for (const seat of seats.slice(1)) clients.push(await ColyseusSeat.join(colyseus, first.roomId, seat));
    for (const client of clients) await client.next((f) => f.type === "__state");
    return clients;
  };
  const closeAll = (clients: FrameClient[]) => {
    for (const client of clients) client.close();
  };

  // Round trip (own result) and fan-out (the other 7), one action in flight at a time; room, relay
  // and peers take turns, so that a load elsewhere on the machine slows all of them alike: in rounds
  // of turns of 50 trips back to back (the budgeted rows), and once more one trip each (every target idles
  // while the others take theirs: reported, no budget; docs/decisions/0103-room-round-trip-against-partyserver-the-calls.md).
  const room = await openRoom("latency");
  const relay = await openRelay("latency");
  const party = await openParty("latency");
  const colyseusRoom = await openColyseus();
  const relaySend: TripSender<BenchSocket> = (sender, seq) => {
    const own = sender.next((f) => f.id === seq);
    const others = relay.filter((s) => s !== sender).map((s) => s.next((f) => f.id === seq));
    sender.send({ id: seq, payload: { n: 1 } });
    return { own, others };
  };
  const tripTargets = [
    { clients: room, send: counterTrips(room) },
    { clients: relay, send: relaySend },
    { clients: party, send: counterTrips(party) },
    { clients: colyseusRoom, send: counterTrips(colyseusRoom) },
  ];
  const [roomRounds, relayRounds, partyRounds, colyseusRounds] = (await measureTripsInRounds(
    tripTargets,
    TURNS,
    ROUNDS,
  )) as [Trips[], Trips[], Trips[], Trips[]];
  const [roomTrip, relayTrip, partyTrip, colyseusTrip] = [roomRounds, relayRounds, partyRounds, colyseusRounds].map(
    pooled,
  ) as [Trips, Trips, Trips, Trips];
  /** The median of the rounds' p50s of one target (own answer, or the others' broadcasts). */
  const p50Of = (rounds: Trips[], side: keyof Trips = "own") =>
    median(rounds.map((trips) => percentile(trips[side], 50)));
  const [roomEach, relayEach, partyEach, colyseusEach] = (await measureTrips(tripTargets, SAMPLES)) as [
    Trips,
    Trips,
    Trips,
    Trips,
  ];
  closeAll([...room, ...relay, ...party, ...colyseusRoom]);

  // Throughput: every client keeps 4 actions in flight, in six 0.5 s windows that room, relay and
  // peers take turns at; CPU of each wrangler dev process tree over its windows, per completed action.
  const platformPort = Number(new URL(platformUrl).port);
  const baselinePort = Number(new URL(baselineUrl).port);
  const relayRoundTrip = (socket: BenchSocket, seq: number) => {
    const done = socket.next((f) => f.id === seq);
    socket.send({ id: seq });
    return done;
  };
  const throughputOf = async (clients: number, { compress = false, peers = true } = {}) => {
    const name = `throughput-${clients}${compress ? "-compressed" : ""}`;
    const roomSockets = await openRoom(name, seatsOf(clients), compress);
    const relaySockets = await openRelay(name, clients, compress);
    const partySockets = peers ? await openParty(name, seatsOf(clients)) : [];
    const colyseusSeats = peers ? await openColyseus(seatsOf(clients)) : [];
    const stats = async () =>
      (await (await fetch(`${platformUrl}/rooms/dev/rooms/${revisionId}/${name}/stats`)).json()) as {
        actionCalls: number;
      };
    const callsBefore = (await stats()).actionCalls;
    const [ours, floor, partyserver, colyseusPeer] = await measureThroughput(
      [
        { clients: roomSockets, roundTrip: counterAction, cpuMs: () => wranglerDevCpuMs(platformPort) },
        { clients: relaySockets, roundTrip: relayRoundTrip, cpuMs: () => wranglerDevCpuMs(baselinePort) },
        ...(peers
          ? [
              { clients: partySockets, roundTrip: counterAction, cpuMs: () => wranglerDevCpuMs(baselinePort) },
              { clients: colyseusSeats, roundTrip: counterAction },
            ]
          : []),
      ],
      THROUGHPUT,
    );
    const actionsPerCall = (ours?.completed ?? 0) / Math.max(1, (await stats()).actionCalls - callsBefore);
    closeAll([...roomSockets, ...relaySockets, ...partySockets, ...colyseusSeats]);
    return { room: measured(ours), relay: measured(floor), partyserver, colyseus: colyseusPeer, actionsPerCall };
  };
  const few = await throughputOf(FEW_CLIENTS);
  const many = await throughputOf(MANY_CLIENTS);
  // What permessage-deflate would cost (wrangler dev's proxy accepts it; production rooms refuse it).
  const compressed = await throughputOf(FEW_CLIENTS, { compress: true, peers: false });

  // Storage write batches at a steady 100 actions/s.
  const steady = await openRoom("steady");
  const statsUrl = `${platformUrl}/rooms/dev/rooms/${revisionId}/steady/stats`;
  const writesBefore = (await (await fetch(statsUrl)).json()).storageWrites as number;
  const started = performance.now();
  const pending: Promise<unknown>[] = [];
  for (let seq = 1; seq <= 300; seq++) {
    const sender = steady[seq % CLIENTS] as BenchSocket;
    pending.push(sender.next((f) => f.ack === seq));
    sender.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
    await sleepUntil(started + seq * 10);
  }
  await Promise.all(pending);
  const writesAfter = (await (await fetch(statsUrl)).json()).storageWrites as number;
  const seconds = (performance.now() - started) / 1000;
  const batchesPerSecond = (writesAfter - writesBefore) / seconds;
  closeAll(steady);

  // Round trip with a 100 KB state.
  const big = await openRoom("big-state");
  const grower = big[0] as BenchSocket;
  const grown = grower.next((f) => f.ack === 1);
  grower.send({ type: "__action", action: "grow", payload: { bytes: 100_000 }, seq: 1 });
  await grown;
  const bigTrips: number[] = [];
  for (let seq = 2; seq < 32; seq++) {
    const sender = big[seq % CLIENTS] as BenchSocket;
    const t0 = performance.now();
    const done = sender.next((f) => f.ack === seq);
    sender.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
    await done;
    bigTrips.push(performance.now() - t0);
  }
  closeAll(big);
  const bigRelay = await openRelay("big");
  const blob = "x".repeat(100_000);
  const bigRelayTrips: number[] = [];
  for (let seq = 0; seq < 30; seq++) {
    const sender = bigRelay[seq % CLIENTS] as BenchSocket;
    const t0 = performance.now();
    const done = sender.next((f) => f.id === seq);
    sender.send({ id: seq, blob });
    await done;
    bigRelayTrips.push(performance.now() - t0);
  }
  closeAll(bigRelay);

  // Cold start: a revision never loaded, a room never created, to __game_start.
  const coldRevision = await newRevision();
  const coldStarted = performance.now();
  const cold = await BenchSocket.open(
    `${ws(platformUrl)}/rooms/ws/games/${coldRevision}/cold?seatId=p0&players=${ROSTER}`,
  );
  await cold.next((f) => f.type === "__game_start");
  const coldMs = performance.now() - coldStarted;
  cold.close();
  const relayColdStarted = performance.now();
  const relayCold = await BenchSocket.open(`${ws(baselineUrl)}/relay/cold-${Date.now()}`);
  const echo = relayCold.next((f) => f.id === "cold");
  relayCold.send({ id: "cold" });
  await echo;
  const relayColdMs = performance.now() - relayColdStarted;
  relayCold.close();

  const p50 = p50Of(roomRounds);
  const p50Each = percentile(roomEach.own, 50);
  const rate = (t: Throughput) => t.rate;
  const rows: BenchRow[] = [
    upTo("room action round trip p50", p50, p50Of(relayRounds), "ms", 1.3),
    row("room action round trip p99", percentile(roomTrip.own, 99), percentile(relayTrip.own, 99), "ms"),
    row("room fan-out to 7 others p50", p50Of(roomRounds, "others"), p50Of(relayRounds, "others"), "ms"),
    row("room fan-out to 7 others p99", percentile(roomTrip.others, 99), percentile(relayTrip.others, 99), "ms"),
    atLeast("room throughput, 16 clients", rate(few.room), rate(few.relay), "actions/s", 0.8),
    atLeast("room throughput, 32 clients", rate(many.room), rate(many.relay), "actions/s", 0.8),
    row("room CPU per action, 16 clients", few.room.cpuPerAction, few.relay.cpuPerAction, "ms"),
    row("room throughput, 16 clients, compressed", rate(compressed.room), rate(compressed.relay), "actions/s"),
    row(
      "room CPU per action, 16 clients, compressed",
      compressed.room.cpuPerAction,
      compressed.relay.cpuPerAction,
      "ms",
    ),
    row("room CPU per action, 32 clients", many.room.cpuPerAction, many.relay.cpuPerAction, "ms"),
    row("actions per sandbox call, 16 clients", few.actionsPerCall, null, "actions"),
    row("actions per sandbox call, 32 clients", many.actionsPerCall, null, "actions"),
    {
      name: "storage write batches at 100 actions/s",
      figure: batchesPerSecond,
      baseline: null,
      unit: "writes/s",
      budget: "<= 2",
      pass: batchesPerSecond <= 2,
    },
    row("round trip with a 100 KB state p50", percentile(bigTrips, 50), percentile(bigRelayTrips, 50), "ms"),
    row("cold start to __game_start", coldMs, relayColdMs, "ms"),
    // Peers: the same reducer in what a user would build or pick instead (baseline column: the peer).
    upTo("room round trip p50 vs partyserver", p50, p50Of(partyRounds), "ms", 1.3),
    row("room round trip p99 vs partyserver", percentile(roomTrip.own, 99), percentile(partyTrip.own, 99), "ms"),
    atLeast(
      "room throughput, 16 clients vs partyserver",
      rate(few.room),
      rate(measured(few.partyserver)),
      "actions/s",
      0.8,
    ),
    atLeast(
      "room throughput, 32 clients vs partyserver",
      rate(many.room),
      rate(measured(many.partyserver)),
      "actions/s",
      0.8,
    ),
    row(
      "room CPU per action, 16 clients vs partyserver",
      few.room.cpuPerAction,
      measured(few.partyserver).cpuPerAction,
      "ms",
    ),
    row("room round trip p50 vs Colyseus", p50, p50Of(colyseusRounds), "ms"),
    row("room round trip p99 vs Colyseus", percentile(roomTrip.own, 99), percentile(colyseusTrip.own, 99), "ms"),
    row("room throughput, 16 clients vs Colyseus", rate(few.room), rate(measured(few.colyseus)), "actions/s"),
    row("room throughput, 32 clients vs Colyseus", rate(many.room), rate(measured(many.colyseus)), "actions/s"),
    // The same trips with every target idle between its own (no budget: docs/decisions/0103-room-round-trip-against-partyserver-the-calls.md).
    row("room round trip p50 interleaved per trip", p50Each, percentile(relayEach.own, 50), "ms"),
    row("room round trip p50 interleaved per trip vs partyserver", p50Each, percentile(partyEach.own, 50), "ms"),
    row("room round trip p50 interleaved per trip vs Colyseus", p50Each, percentile(colyseusEach.own, 50), "ms"),
  ];
  return rows;
}

/** A target's throughput, which this run measured (the peers are not measured with compression). */
function measured(throughput: Throughput | undefined): Throughput {
  if (!throughput) throw new Error("throughput not measured in this run");
  return throughput;
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}

export default roomsBenchmark;
