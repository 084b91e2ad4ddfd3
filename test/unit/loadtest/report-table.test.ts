import { describe, expect, it } from "vitest";
import type { LoadProgress, LoadReport } from "../../../tools/loadtest/load-engine.ts";
import { ProgressLine } from "../../../tools/loadtest/progress-line.ts";
import { type LoadTestSummary, loadTestFailures, loadTestTable } from "../../../tools/loadtest/report-table.ts";
import { tableRows as rows } from "./table-rows.ts";

const MIB = 1024 * 1024;

const report = (more: Partial<LoadReport> = {}): LoadReport => ({
  offeredPerSecond: 40,
  planned: 400,
  achievedPerSecond: 30,
  seatsOpened: 8,
  seatFailures: {},
  sent: 300,
  inputs: 60,
  idle: 30,
  over: 10,
  acked: 290,
  errors: { action_failed: 7, too_many_pending: 3 },
  errorCount: 10,
  lost: 0,
  // 1..100 ms: p50 51, p95 96, p99 100.
  roundTripsMs: Array.from({ length: 100 }, (_, i) => 100 - i),
  maxSendLagMs: 0,
  elapsedMs: 12_000,
  ...more,
});

const summary = (more: Partial<LoadTestSummary> = {}): LoadTestSummary => ({
  scenario: "Tic-tac-toe",
  rooms: 4,
  seats: 2,
  ratePerSeat: 5,
  durationSeconds: 10,
  botsTellGameOver: true,
  report: report(),
  storageWrites: 240,
  roomsUsage: { cpuMs: 3000, wallMs: 15_000, startRssBytes: 200 * MIB, peakRssBytes: 240 * MIB },
  clientCpuMs: 600,
  ...more,
});

describe("the load test's table", () => {
  it("says what was offered and achieved, the round trips, the errors by code, writes, CPU and memory", () => {
    const table = loadTestTable(summary());
    expect(table.split("\n").slice(0, 2)).toEqual([
      "scenario loadtest: Tic-tac-toe, 4 rooms x 2 seats, each seat due 5 times a second for 10 s",
      "400 turns due: 360 moves sent (300 actions, 60 inputs), 30 waited while the game went on, 10 idle after it was over",
    ]);
    expect(Object.fromEntries(rows(table))).toEqual({
      figure: "value",
      "seats opened": "8 of 8",
      "turns due": "400 (40.0 a second)",
      "actions sent": "300",
      "actions/s offered": "30.0",
      "inputs sent": "60",
      "idle turns (the bot waited)": "30",
      "idle turns (its game was over)": "10",
      "actions acked": "290",
      "actions/s achieved": "29.0",
      "action errors": "10",
      "  action_failed": "7",
      "  too_many_pending": "3",
      "actions lost (never answered)": "0",
      "round trip p50 / p95 / p99": "51.0 / 96.0 / 100 ms",
      "storage writes/s": "20.0",
      "rooms CPU": "200 ms a second (20.0% of a core), 10.3 ms per acked action",
      "rooms memory": "240 MiB at the peak, 10.0 MiB per room over the start",
      "load client CPU": "50.0 ms a second",
    });
  });

  it("counts a finished game's turns among the idle ones when the bots cannot tell a game is over, and says so", () => {
    const table = loadTestTable(summary({ botsTellGameOver: false, report: report({ idle: 40, over: 0 }) }));
    expect(table.split("\n")[1]).toBe(
      "400 turns due: 360 moves sent (300 actions, 60 inputs), 40 idle turns (the bots have no gameOver: turns after a game ended are among them)",
    );
    expect(rows(table).get("idle turns (the bot waited)")).toBe("40");
    expect(rows(table).get("idle turns (its game was over)")).toBe("n/a (the bots have no gameOver)");
  });

  it("takes the achieved rate over the time to the last ack when answers came after the sending", () => {
    const late = loadTestTable(summary({ report: report({ acked: 290, achievedPerSecond: 14.5 }) }));
    expect(rows(late).get("actions/s achieved")).toBe("14.5");
  });

  it("lists the seats that could not open by reason, and says n/a where nothing could be measured", () => {
    const table = rows(
      loadTestTable(
        summary({
          report: report({
            seatsOpened: 6,
            seatFailures: { upgrade_refused_401: 2 },
            acked: 0,
            roundTripsMs: [],
            achievedPerSecond: 0,
          }),
          storageWrites: null,
          roomsUsage: null,
        }),
      ),
    );
    expect(table.get("seats opened")).toBe("6 of 8");
    expect(table.get("  upgrade_refused_401")).toBe("2");
    expect(table.get("round trip p50 / p95 / p99")).toBe("- (no action acked)");
    expect(table.get("storage writes/s")).toBe("n/a (no dev stats)");
    expect(table.get("rooms CPU")).toBe("n/a (no local wrangler dev serves the rooms)");
    expect(table.get("rooms memory")).toBe("n/a");
  });
});

describe("the load test's verdict (exit 1 when not empty)", () => {
  it("passes a run whose every seat opened and every action was answered, refusals included", () => {
    expect(loadTestFailures(summary(), 10_000)).toEqual([]);
  });

  it("fails a run with a seat that did not open, an action cut off by a closed socket, or one never answered", () => {
    const failed = summary({
      report: report({
        seatsOpened: 7,
        seatFailures: { open_timeout: 1 },
        errors: { action_failed: 2, connection_closed: 3 },
        errorCount: 5,
        lost: 4,
      }),
    });
    expect(loadTestFailures(failed, 10_000)).toEqual([
      '1 seats could not open ({"open_timeout":1})',
      "3 actions were cut off by a closed connection",
      "4 actions were never answered (10 s after the last send)",
    ]);
  });
});

describe("the progress line", () => {
  const progress = (elapsedMs: number, sent: number): LoadProgress => ({
    elapsedMs,
    sent,
    acked: sent - 2,
    errors: 1,
    inFlight: 1,
  });

  it("rewrites one line on a terminal and ends it before the table", () => {
    const written: string[] = [];
    const line = new ProgressLine({ isTTY: true, write: (text) => written.push(text) });
    line.show(progress(1000, 10), 10_000);
    line.show(progress(11_000, 90), 10_000);
    line.end();
    expect(written).toEqual([
      "\r\x1b[2Kloadtest: 1 s of 10 s, 10 sent, 8 acked, 1 errors, 1 in flight",
      "\r\x1b[2Kloadtest: awaiting answers, 90 sent, 88 acked, 1 errors, 1 in flight",
      "\n",
    ]);
  });

  it("writes plain lines, one every few seconds, where stderr is no terminal", () => {
    const written: string[] = [];
    const line = new ProgressLine({ isTTY: false, write: (text) => written.push(text) }, 5000);
    for (const elapsed of [0, 1000, 2000, 5000, 6000, 10_000]) line.show(progress(elapsed, elapsed / 100 + 2), 20_000);
    line.end();
    expect(written).toEqual([
      "loadtest: 0 s of 20 s, 2 sent, 0 acked, 1 errors, 1 in flight\n",
      "loadtest: 5 s of 20 s, 52 sent, 50 acked, 1 errors, 1 in flight\n",
      "loadtest: 10 s of 20 s, 102 sent, 100 acked, 1 errors, 1 in flight\n",
    ]);
  });
});
