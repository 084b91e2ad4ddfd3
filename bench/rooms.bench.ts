import path from "node:path";
import { codeKeys } from "../src/publishing/code-keys.ts";
import { projectRoot } from "../tools/local-platform/wrangler-env.ts";
import { wranglerDevCpuMs } from "./lib/process-cpu.ts";
import type { Benchmark, BenchRow } from "./lib/types.ts";
import { BenchSocket, percentile } from "./lib/ws-client.ts";

/**
 * The room server against a relay Durable Object (the floor: receive a frame, send it to every
 * socket), both under wrangler dev in the same run, 8 clients in one room (and 32 for throughput).
 */
const CLIENTS = 8;
const MANY_CLIENTS = 32;
const SAMPLES = 150;
const THROUGHPUT_WINDOWS = 6;
const THROUGHPUT_WINDOW_MS = 500;
const seatsOf = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`);
const SEATS = seatsOf(CLIENTS);
const ROSTER = encodeURIComponent(JSON.stringify(SEATS));
const FIXTURE = path.join(projectRoot, "test/fixtures/counter.logic.js");

let revisions = 0;

const roomsBenchmark: Benchmark = async ({ platformUrl, baselineUrl, putCode }) => {
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
  const closeAll = (sockets: BenchSocket[]) => {
    for (const socket of sockets) socket.close();
  };

  // Round trip (own result) and fan-out (the other 7), one action in flight at a time; room and
  // relay take turns, so that a load elsewhere on the machine slows both alike.
  const room = await openRoom("latency");
  const relay = await openRelay("latency");
  let count = 0;
  const roomSend: TripSender = async (sender, seq) => {
    const expected = ++count;
    const own = sender.next((f) => f.type === "__action_result" && f.ack === seq);
    const others = room
      .filter((s) => s !== sender)
      .map((s) => s.next((f) => f.type === "__action_result" && f.ack === null && f.state.count === expected));
    sender.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
    return { own, others };
  };
  const relaySend: TripSender = async (sender, seq) => {
    const own = sender.next((f) => f.id === seq);
    const others = relay.filter((s) => s !== sender).map((s) => s.next((f) => f.id === seq));
    sender.send({ id: seq, payload: { n: 1 } });
    return { own, others };
  };
  const [roomTrip, relayTrip] = await measureTrips(
    { sockets: room, send: roomSend },
    { sockets: relay, send: relaySend },
  );

  closeAll(room);
  closeAll(relay);

  // Throughput: every client keeps 4 actions in flight, in six 0.5 s windows that room and relay
  // take turns at; CPU of each wrangler dev process tree over its windows, per completed action.
  const platformPort = Number(new URL(platformUrl).port);
  const baselinePort = Number(new URL(baselineUrl).port);
  const measureThroughput = async (clients: number, compress = false) => {
    const name = `throughput-${clients}${compress ? "-compressed" : ""}`;
    const roomSockets = await openRoom(name, seatsOf(clients), compress);
    const relaySockets = await openRelay(name, clients, compress);
    const totals = { room: { completed: 0, seconds: 0, cpuMs: 0 }, relay: { completed: 0, seconds: 0, cpuMs: 0 } };
    const stats = async () =>
      (await (await fetch(`${platformUrl}/rooms/dev/rooms/${revisionId}/${name}/stats`)).json()) as {
        actionCalls: number;
      };
    const callsBefore = (await stats()).actionCalls;
    for (let window = 0; window < THROUGHPUT_WINDOWS; window++) {
      const roomCpu = wranglerDevCpuMs(platformPort);
      add(
        totals.room,
        await throughput(roomSockets, async (socket, seq) => {
          const done = socket.next(
            (f) => (f.type === "__action_result" && f.ack === seq) || (f.type === "__action_error" && f.seq === seq),
          );
          socket.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
          const result = await done;
          if (result.type === "__action_error")
            throw new Error(`action refused during the throughput run: ${result.code}`);
        }),
        wranglerDevCpuMs(platformPort) - roomCpu,
      );
      const relayCpu = wranglerDevCpuMs(baselinePort);
      add(
        totals.relay,
        await throughput(relaySockets, (socket, seq) => {
          const done = socket.next((f) => f.id === seq);
          socket.send({ id: seq });
          return done;
        }),
        wranglerDevCpuMs(baselinePort) - relayCpu,
      );
    }
    const actionsPerCall = totals.room.completed / Math.max(1, (await stats()).actionCalls - callsBefore);
    closeAll(roomSockets);
    closeAll(relaySockets);
    const rate = (t: Totals) => t.completed / t.seconds;
    const cpu = (t: Totals) => t.cpuMs / Math.max(1, t.completed);
    return {
      room: rate(totals.room),
      relay: rate(totals.relay),
      roomCpu: cpu(totals.room),
      relayCpu: cpu(totals.relay),
      actionsPerCall,
    };
  };
  const eight = await measureThroughput(CLIENTS);
  const many = await measureThroughput(MANY_CLIENTS);
  // What permessage-deflate would cost (wrangler dev's proxy accepts it; production rooms refuse it).
  const compressed = await measureThroughput(CLIENTS, true);

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

  const p50 = percentile(roomTrip.own, 50);
  const relayP50 = percentile(relayTrip.own, 50);
  const rows: BenchRow[] = [
    {
      name: "room action round trip p50",
      figure: p50,
      baseline: relayP50,
      unit: "ms",
      budget: "ratio <= 1.3",
      pass: p50 <= 1.3 * relayP50,
    },
    row("room action round trip p99", percentile(roomTrip.own, 99), percentile(relayTrip.own, 99), "ms"),
    row("room fan-out to 7 others p50", percentile(roomTrip.others, 50), percentile(relayTrip.others, 50), "ms"),
    row("room fan-out to 7 others p99", percentile(roomTrip.others, 99), percentile(relayTrip.others, 99), "ms"),
    {
      name: "room throughput, 8 clients",
      figure: eight.room,
      baseline: eight.relay,
      unit: "actions/s",
      budget: "ratio >= 0.8",
      pass: eight.room >= 0.8 * eight.relay,
    },
    {
      name: "room throughput, 32 clients",
      figure: many.room,
      baseline: many.relay,
      unit: "actions/s",
      budget: "ratio >= 0.8",
      pass: many.room >= 0.8 * many.relay,
    },
    row("room CPU per action, 8 clients", eight.roomCpu, eight.relayCpu, "ms"),
    row("room throughput, 8 clients, compressed", compressed.room, compressed.relay, "actions/s"),
    row("room CPU per action, 8 clients, compressed", compressed.roomCpu, compressed.relayCpu, "ms"),
    row("room CPU per action, 32 clients", many.roomCpu, many.relayCpu, "ms"),
    { ...row("actions per sandbox call, 8 clients", eight.actionsPerCall, 1, "actions"), baseline: null },
    { ...row("actions per sandbox call, 32 clients", many.actionsPerCall, 1, "actions"), baseline: null },
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
  ];
  return rows;
};

/** A row reported for reference, with no budget of its own. */
function row(name: string, figure: number, baseline: number, unit: string): BenchRow {
  return { name, figure, baseline, unit, budget: "report", pass: true };
}

type TripSender = (sender: BenchSocket, seq: number) => Promise<{ own: Promise<unknown>; others: Promise<unknown>[] }>;

interface Trips {
  own: number[];
  others: number[];
}

interface TripTarget {
  sockets: BenchSocket[];
  send: TripSender;
}

/** SAMPLES round trips on the room and on the relay, one in flight at a time, taking turns (after a warm-up). */
async function measureTrips(room: TripTarget, relay: TripTarget): Promise<[Trips, Trips]> {
  const results: [Trips, Trips] = [
    { own: [], others: [] },
    { own: [], others: [] },
  ];
  const warmUp = 10;
  for (let seq = 1; seq <= warmUp + SAMPLES; seq++) {
    for (const [target, trips] of [
      [room, results[0]],
      [relay, results[1]],
    ] as const) {
      const record = seq > warmUp;
      const sender = target.sockets[seq % target.sockets.length] as BenchSocket;
      const t0 = performance.now();
      const pending = await target.send(sender, seq);
      await Promise.all([
        pending.own.then(() => record && trips.own.push(performance.now() - t0)),
        ...pending.others.map((p) => p.then(() => record && trips.others.push(performance.now() - t0))),
      ]);
    }
  }
  return results;
}

let nextThroughputSeq = 1_000_000;

interface Totals {
  completed: number;
  seconds: number;
  cpuMs: number;
}

function add(totals: Totals, window: { completed: number; seconds: number }, cpuMs: number) {
  totals.completed += window.completed;
  totals.seconds += window.seconds;
  totals.cpuMs += cpuMs;
}

/** Completed round trips with every socket keeping 4 in flight for one window, and the window's length. */
async function throughput(
  sockets: BenchSocket[],
  roundTrip: (socket: BenchSocket, seq: number) => Promise<unknown>,
): Promise<{ completed: number; seconds: number }> {
  const deadline = performance.now() + THROUGHPUT_WINDOW_MS;
  let completed = 0;

  const lane = async (socket: BenchSocket) => {
    while (performance.now() < deadline) {
      await roundTrip(socket, nextThroughputSeq++);
      completed++;
    }
  };
  const started = performance.now();
  await Promise.all(sockets.flatMap((socket) => [lane(socket), lane(socket), lane(socket), lane(socket)]));
  return { completed, seconds: (performance.now() - started) / 1000 };
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}

export default roomsBenchmark;
