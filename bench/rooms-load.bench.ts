import path from "node:path";
import { codeKeys } from "../src/publishing/code-keys.ts";
import { type LoadReport, runLoad, type SeatAddress } from "../tools/loadtest/load-engine.ts";
import { percentile } from "../tools/loadtest/percentile.ts";
import { wranglerDevCpuMs, wranglerDevRssBytes } from "../tools/loadtest/process-tree.ts";
import { roomWireTarget } from "../tools/loadtest/room-wire-target.ts";
import { projectRoot } from "../tools/local-platform/wrangler-env.ts";
import { type BilledUsage, costRows } from "./lib/room-cost.ts";
import { none, row } from "./lib/rows.ts";
import type { Benchmark } from "./lib/types.ts";

/**
 * Many rooms at once: 100 rooms of 4 seats, each seat sending the counter fixture's `add` 5 times a
 * second for 20 s (open loop, tools/loadtest/load-engine.ts), on our rooms and then on the partyserver
 * peer of the baseline Worker. No action may fail (a refusal, a closed socket, a seat that cannot
 * open): one error fails the bench. An action still unanswered DRAIN_MS after the last send is
 * lost, reported beside the rate achieved. Memory is the growth of the wrangler dev process tree's
 * resident set over what it was before the first seat, per room: once every seat is open (idle
 * rooms with their state) and at its peak during the run.
 */
const ROOMS = 100;
const SEATS = 4;
const RATE_PER_SEAT = 5;
const DURATION_MS = 20_000;
/** Long enough for an overloaded server to answer its backlog, short enough to keep the run bounded. */
const DRAIN_MS = 30_000;
const LABEL = `${ROOMS} rooms x ${SEATS} seats at ${RATE_PER_SEAT} actions/s`;
const FIXTURE = path.join(projectRoot, "test/fixtures/counter.logic.js");
const ROSTER = encodeURIComponent(JSON.stringify(Array.from({ length: SEATS }, (_, i) => `p${i}`)));
const ADD = { action: "add", payload: { n: 1 } };
const MIB = 1024 * 1024;

const roomsLoadBenchmark: Benchmark = async ({ platformUrl, baselineUrl, putCode }) => {
  const ws = (url: string) => url.replace(/^http/, "ws");
  const revisionId = `bench-load-${Date.now()}`;
  await putCode(codeKeys.logic(revisionId), FIXTURE);
  const query = ({ seat }: SeatAddress) => `seatId=p${seat}&players=${ROSTER}`;

  const ours = await underLoad(
    "rooms",
    Number(new URL(platformUrl).port),
    (address) => `${ws(platformUrl)}/rooms/ws/games/${revisionId}/load-${address.room}?${query(address)}`,
    (room) => `${platformUrl}/rooms/dev/rooms/${revisionId}/load-${room}/stats`,
  );
  const party = await underLoad(
    "partyserver",
    Number(new URL(baselineUrl).port),
    (address) => `${ws(baselineUrl)}/parties/counter-party/load-${address.room}?${query(address)}`,
    (room) => `${baselineUrl}/parties/counter-party/load-${room}`,
  );

  const errors = (run: LoadRun) => run.report.errorCount + failedSeats(run.report);
  const perRoom = (bytes: number) => bytes / ROOMS / MIB;
  return [
    row(`${LABEL}: achieved / offered`, ours.report.achievedPerSecond, ours.report.offeredPerSecond, "actions/s"),
    none(`${LABEL}: errors`, errors(ours), "actions"),
    row(`${LABEL}: lost (unanswered ${DRAIN_MS / 1000} s after the last send)`, ours.report.lost, null, "actions"),
    row(`${LABEL}: round trip p50 vs partyserver`, p(ours, 50), p(party, 50), "ms"),
    row(`${LABEL}: round trip p99 vs partyserver`, p(ours, 99), p(party, 99), "ms"),
    row(`${LABEL}: CPU per action vs partyserver`, ours.cpuPerAction, party.cpuPerAction, "ms"),
    row(
      `${LABEL}: memory per open room, idle vs partyserver`,
      perRoom(ours.idleBytes),
      perRoom(party.idleBytes),
      "MiB",
    ),
    row(
      `${LABEL}: memory per open room, peak vs partyserver`,
      perRoom(ours.peakBytes),
      perRoom(party.peakBytes),
      "MiB",
    ),
    row(
      `${LABEL}, partyserver: achieved / offered`,
      party.report.achievedPerSecond,
      party.report.offeredPerSecond,
      "actions/s",
    ),
    none(`${LABEL}, partyserver: errors`, errors(party), "actions"),
    row(`${LABEL}, partyserver: lost`, party.report.lost, null, "actions"),
    ...costRows(LABEL, usageOf(ours, party, true), usageOf(party, party, false)),
  ];
};

/**
 * What a side of the load used, for its cost rows. Every room is awake for the whole run on both
 * sides (an action every 50 ms), and each can hibernate between its events: the peer's sockets
 * and ours, the channel into the sandbox included, are accepted with the hibernation API. So what
 * duration bills is the handlers' time: the peer's taken as its CPU per action (wall and CPU alike
 * for a handler that awaits nothing); ours as its CPU per action (the sandbox's included) plus the
 * time its calls into the sandbox took (its handlers wait for them): an upper bound. The sandbox's
 * replies are incoming messages of the room. The sandbox's CPU is taken as all our CPU per action
 * beyond the peer's (an upper bound).
 */
function usageOf(run: LoadRun, peer: LoadRun, sandboxed: boolean): BilledUsage {
  const { report } = run;
  const runS = report.elapsedMs / 1000;
  const handlersMs = report.acked * run.cpuPerAction + run.sandboxCallMs;
  return {
    actions: report.acked,
    playerHours: (report.seatsOpened * runS) / 3600,
    connects: report.seatsOpened,
    messagesIn: report.sent + report.inputs,
    sandboxReplies: run.sandboxReplies,
    alarms: run.alarms,
    sandboxOpens: run.sandboxOpens,
    awakeSeconds: ROOMS * runS,
    billedSeconds: handlersMs / 1000,
    sandboxCpuMs: sandboxed ? Math.max(0, run.cpuPerAction - peer.cpuPerAction) * report.acked : 0,
  };
}

interface LoadRun {
  report: LoadReport;
  /** Growth of the process tree's resident set once every seat is open, in bytes. */
  idleBytes: number;
  /** Its largest growth during the run. */
  peakBytes: number;
  /** CPU of the process tree from the first seat to the end, per acknowledged action, in ms. */
  cpuPerAction: number;
  /** Alarms the rooms ran, and channels they opened into the sandbox, as their stats told right after the run. */
  alarms: number;
  sandboxOpens: number;
  /** Replies from the sandbox the rooms received, and the time their calls took in all (ms). */
  sandboxReplies: number;
  sandboxCallMs: number;
}

/** Runs the load on one server (rooms named load-0 ... load-99) and reads its memory around it. */
async function underLoad(
  name: string,
  port: number,
  url: (address: SeatAddress) => string,
  statsUrl: (room: number) => string,
): Promise<LoadRun> {
  const before = wranglerDevRssBytes(port);
  const cpuBefore = wranglerDevCpuMs(port);
  let idle = before;
  let peak = before;
  const report = await runLoad(roomWireTarget({ url, move: () => ADD }), {
    rooms: ROOMS,
    seats: SEATS,
    ratePerSeat: RATE_PER_SEAT,
    durationMs: DURATION_MS,
    drainMs: DRAIN_MS,
    onSeatsOpen: () => {
      idle = wranglerDevRssBytes(port);
      peak = Math.max(peak, idle);
    },
    progressEveryMs: 5000,
    onProgress: ({ elapsedMs, sent, acked, errors, inFlight }) => {
      peak = Math.max(peak, wranglerDevRssBytes(port));
      const seconds = (elapsedMs / 1000).toFixed(0);
      console.log(`  ${name}: ${seconds} s, ${sent} sent, ${acked} acked, ${errors} errors, ${inFlight} in flight`);
    },
  });
  const { errors, lost, seatFailures, maxSendLagMs } = report;
  if (report.errorCount + report.lost + failedSeats(report) > 0) {
    console.log(
      `  ${name}: errors ${JSON.stringify(errors)}, lost ${lost}, seats not opened ${JSON.stringify(seatFailures)}`,
    );
  }
  if (maxSendLagMs > 100)
    console.log(`  ${name}: the load client fell up to ${maxSendLagMs.toFixed(0)} ms behind its schedule`);
  const cpuPerAction = (wranglerDevCpuMs(port) - cpuBefore) / Math.max(1, report.acked);
  const stats = await Promise.all(
    Array.from({ length: ROOMS }, async (_, room) => {
      const json = (await (await fetch(statsUrl(room))).json()) as {
        alarmsFired: number;
        sandboxChannels?: number;
        sandboxReplies?: number;
        sandboxCallMs?: number;
      };
      return {
        alarms: json.alarmsFired,
        opens: json.sandboxChannels ?? 0,
        replies: json.sandboxReplies ?? 0,
        callMs: json.sandboxCallMs ?? 0,
      };
    }),
  );
  const sum = (pick: (s: (typeof stats)[number]) => number) => stats.reduce((total, s) => total + pick(s), 0);
  return {
    report,
    idleBytes: idle - before,
    peakBytes: peak - before,
    cpuPerAction,
    alarms: sum((s) => s.alarms),
    sandboxOpens: sum((s) => s.opens),
    sandboxReplies: sum((s) => s.replies),
    sandboxCallMs: sum((s) => s.callMs),
  };
}

function failedSeats(report: LoadReport): number {
  return Object.values(report.seatFailures).reduce((sum, n) => sum + n, 0);
}

const p = (run: LoadRun, n: number) => percentile(run.report.roundTripsMs, n);

export default roomsLoadBenchmark;
