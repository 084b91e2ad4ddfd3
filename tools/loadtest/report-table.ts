/**
 * The table `scenario loadtest` ends with: its headline (the plan, then what the due turns became:
 * moves sent, turns a bot waited, turns after a game was over), what was offered and achieved,
 * round trips, errors by code, storage writes, and what the local rooms' processes and the load
 * client spent.
 */
import type { LoadReport } from "./load-engine.ts";
import { percentile } from "./percentile.ts";
import type { RoomsUsage } from "./rooms-usage.ts";

export interface LoadTestSummary {
  scenario: string;
  rooms: number;
  seats: number;
  ratePerSeat: number;
  durationSeconds: number;
  /** Whether the bots tell a game that is over (their gameOver): else its idle turns count as waits. */
  botsTellGameOver: boolean;
  report: LoadReport;
  /** Storage writes of every room, or null where the rooms' dev stats could not be read. */
  storageWrites: number | null;
  /** The local rooms' process tree, or null when no local process serves them. */
  roomsUsage: RoomsUsage | null;
  /** CPU time of the load client (this process: the bots and their sockets), in ms. */
  clientCpuMs: number;
}

const MIB = 1024 * 1024;

/** The summary as a two-column table, one figure a row; an error code or refused seat gets a row of its own. */
export function loadTestTable(summary: LoadTestSummary): string {
  const { report, durationSeconds } = summary;
  const seconds = report.elapsedMs / 1000;
  const perSecond = (n: number, over: number) => (over > 0 ? n / over : 0);
  const seatsPlanned = summary.rooms * summary.seats;
  const turns = report.sent + report.inputs + report.idle + report.over;
  const rows: [string, string][] = [
    ["seats opened", `${report.seatsOpened} of ${seatsPlanned}`],
    ...byCode(report.seatFailures),
    ["turns due", `${turns} (${num(perSecond(turns, durationSeconds))} a second)`],
    ["actions sent", `${report.sent}`],
    ["actions/s offered", num(perSecond(report.sent, durationSeconds))],
    ["inputs sent", `${report.inputs}`],
    ["idle turns (the bot waited)", `${report.idle}`],
    ["idle turns (its game was over)", summary.botsTellGameOver ? `${report.over}` : "n/a (the bots have no gameOver)"],
    ["actions acked", `${report.acked}`],
    // Acks over the sending time, or over the time to the last ack when answers came later.
    ["actions/s achieved", num(Math.min(report.achievedPerSecond, perSecond(report.acked, durationSeconds)))],
    ["action errors", `${report.errorCount}`],
    ...byCode(report.errors),
    ["actions lost (never answered)", `${report.lost}`],
    ["round trip p50 / p95 / p99", roundTrips(report.roundTripsMs)],
    [
      "storage writes/s",
      summary.storageWrites === null ? "n/a (no dev stats)" : num(perSecond(summary.storageWrites, seconds)),
    ],
    ...usageRows(summary),
    ["load client CPU", `${num(perSecond(summary.clientCpuMs, seconds))} ms a second`],
  ];
  const width = Math.max("figure".length, ...rows.map(([label]) => label.length));
  const line = (label: string, value: string) => `${label.padEnd(width)} | ${value}`;
  return [
    ...headline(summary, turns),
    "",
    line("figure", "value"),
    `${"-".repeat(width)}-|-${"-".repeat(5)}`,
    ...rows.map(([l, v]) => line(l, v)),
  ].join("\n");
}

/**
 * Why a run failed, or nothing: a seat that did not open, an action cut off by its closing socket,
 * an action never answered. The rooms' refusals are answers: counted, not failures.
 */
export function loadTestFailures(summary: LoadTestSummary, drainMs: number): string[] {
  const { report } = summary;
  const failures: string[] = [];
  const notOpened = summary.rooms * summary.seats - report.seatsOpened;
  if (notOpened > 0) failures.push(`${notOpened} seats could not open (${JSON.stringify(report.seatFailures)})`);
  const cut = report.errors.connection_closed ?? 0;
  if (cut > 0) failures.push(`${cut} actions were cut off by a closed connection`);
  if (report.lost > 0)
    failures.push(`${report.lost} actions were never answered (${drainMs / 1000} s after the last send)`);
  return failures;
}

/**
 * Two lines: the plan, and what its due turns became. A turn is due whether or not the bot has a
 * move, so the moves sent are told apart from the turns a bot waited and those after its game
 * was over (a turn-based game that ended early sends little of what the rate offers).
 */
function headline(summary: LoadTestSummary, turns: number): string[] {
  const { report } = summary;
  const plan = `scenario loadtest: ${summary.scenario}, ${summary.rooms} rooms x ${summary.seats} seats, each seat due ${summary.ratePerSeat} times a second for ${summary.durationSeconds} s`;
  const moves = `${report.sent + report.inputs} moves sent (${report.sent} actions, ${report.inputs} inputs)`;
  const idle = summary.botsTellGameOver
    ? `${report.idle} waited while the game went on, ${report.over} idle after it was over`
    : `${report.idle} idle turns (the bots have no gameOver: turns after a game ended are among them)`;
  return [plan, `${turns} turns due: ${moves}, ${idle}`];
}

function byCode(counts: Record<string, number>): [string, string][] {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => [`  ${code}`, `${n}`]);
}

function roundTrips(values: number[]): string {
  if (values.length === 0) return "- (no action acked)";
  return `${[50, 95, 99].map((p) => num(percentile(values, p))).join(" / ")} ms`;
}

function usageRows(summary: LoadTestSummary): [string, string][] {
  const usage = summary.roomsUsage;
  if (!usage) {
    return [
      ["rooms CPU", "n/a (no local wrangler dev serves the rooms)"],
      ["rooms memory", "n/a"],
    ];
  }
  const cpuPerSecond = usage.wallMs > 0 ? (usage.cpuMs / usage.wallMs) * 1000 : 0;
  const perAction = summary.report.acked > 0 ? `, ${num(usage.cpuMs / summary.report.acked)} ms per acked action` : "";
  const growth = Math.max(0, usage.peakRssBytes - usage.startRssBytes);
  return [
    ["rooms CPU", `${num(cpuPerSecond)} ms a second (${num(cpuPerSecond / 10)}% of a core)${perAction}`],
    [
      "rooms memory",
      `${num(usage.peakRssBytes / MIB)} MiB at the peak, ${num(growth / summary.rooms / MIB)} MiB per room over the start`,
    ],
  ];
}

/** A figure with as many decimals as it needs: 1234, 12.3, 1.23 ("-" for none). */
export function num(value: number): string {
  if (!Number.isFinite(value)) return "-";
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}
