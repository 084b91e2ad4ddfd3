import { describe, expect, it } from "vitest";
import { type BilledUsage, billOf, costRows, PRICES } from "../../../bench/lib/room-cost.ts";

const none: BilledUsage = {
  actions: 1_000_000,
  playerHours: 1_000,
  connects: 0,
  messagesIn: 0,
  sandboxReplies: 0,
  alarms: 0,
  sandboxOpens: 0,
  awakeSeconds: 0,
  billedSeconds: 0,
  sandboxCpuMs: 0,
};

describe("what a room is billed, from Cloudflare's prices", () => {
  it("bills incoming WebSocket messages at 20 to a request, alarms and connects at one each", () => {
    const bill = billOf({ ...none, messagesIn: 2_000_000, alarms: 500_000, connects: 500_000 });
    expect(bill.doRequests).toBe(100_000 + 500_000 + 500_000);
    // The connects also pass through the Worker: a Workers request each.
    expect(bill.workerRequests).toBe(500_000);
    expect(bill.dollars).toBeCloseTo(1.1 * PRICES.doRequestPerMillion + 0.5 * PRICES.workerRequestPerMillion, 9);
  });

  it("bills duration only while the object cannot hibernate, at 128 MB; awake time alone costs nothing", () => {
    const bill = billOf({ ...none, awakeSeconds: 3_600, billedSeconds: 1_000_000 });
    expect(bill.awakeGbSeconds).toBeCloseTo(3_600 * 0.128, 9);
    expect(bill.billedGbSeconds).toBeCloseTo(128_000, 9);
    expect(bill.dollars).toBeCloseTo(0.128 * PRICES.doGbSecondPerMillion, 9);
  });

  it("bills each channel opened into the sandbox as a Dynamic Worker request and the sandbox's connect into the room, and its CPU", () => {
    const bill = billOf({ ...none, sandboxOpens: 1_000_000, sandboxCpuMs: 1_000_000 });
    expect(bill.doRequests).toBe(1_000_000);
    expect(bill.workerRequests).toBe(1_000_000);
    expect(bill.dollars).toBeCloseTo(
      PRICES.workerRequestPerMillion + PRICES.doRequestPerMillion + PRICES.cpuMsPerMillion,
      9,
    );
  });

  it("bills the sandbox's replies as incoming messages, and tells the sandbox's part of the price apart", () => {
    const bill = billOf({
      ...none,
      playerHours: 1_000,
      messagesIn: 20_000_000,
      connects: 1_000_000,
      sandboxReplies: 20_000_000,
      sandboxOpens: 1_000_000,
    });
    expect(bill.doRequests).toBe(1_000_000 + 1_000_000 + 1_000_000 + 1_000_000);
    const sandbox = PRICES.doRequestPerMillion + PRICES.workerRequestPerMillion + PRICES.doRequestPerMillion;
    expect(bill.sandboxPerThousandPlayerHours).toBeCloseTo(sandbox, 9);
    expect(bill.perThousandPlayerHours).toBeCloseTo(
      sandbox + PRICES.doRequestPerMillion + PRICES.doRequestPerMillion + PRICES.workerRequestPerMillion,
      9,
    );
    const rows = costRows("x", { ...none, sandboxOpens: 1_000_000 }, { ...none, alarms: 1_000_000 });
    const part = rows.find((r) => r.name.startsWith("x: the sandbox's part alone"));
    // In cents per 1,000 player-hours.
    expect(part).toMatchObject({ budget: "report", unit: "¢", baseline: PRICES.doRequestPerMillion * 100 });
    expect(part?.figure).toBeCloseTo((PRICES.workerRequestPerMillion + PRICES.doRequestPerMillion) * 100, 9);
  });

  it("gives the price per million actions and per 1,000 player-hours", () => {
    const bill = billOf({ ...none, actions: 2_000_000, playerHours: 500, alarms: 1_000_000 });
    expect(bill.perMillionActions).toBeCloseTo(PRICES.doRequestPerMillion / 2, 9);
    expect(bill.perThousandPlayerHours).toBeCloseTo(PRICES.doRequestPerMillion * 2, 9);
  });

  it("budgets the price per 1,000 player-hours at partyserver's, and reports the rest", () => {
    const rows = costRows("x", { ...none, alarms: 2_000_000 }, { ...none, alarms: 1_000_000 });
    const budgeted = rows.filter((r) => r.budget !== "report");
    expect(budgeted.map((r) => [r.name, r.pass])).toEqual([["x: price per 1,000 player-hours", false]]);
    const even = costRows("x", { ...none, alarms: 1_000_000 }, { ...none, alarms: 1_000_000 });
    expect(even.every((r) => r.pass)).toBe(true);
  });
});
