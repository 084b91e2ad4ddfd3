import { row, upTo } from "./rows.ts";
import type { BenchRow } from "./types.ts";

/**
 * What Cloudflare bills a room for, from its published prices (Workers Paid, marginal prices: the
 * monthly allowances are left out, so that a figure is what one more room costs). Read on the date
 * below from the pages named; a figure those pages did not give is left out and said so.
 */
export const PRICES = {
  readOn: "2026-11-28",
  /** Durable Objects: requests (HTTP, RPC sessions, WebSocket connects, alarms; incoming WebSocket messages at 20:1). */
  doRequestPerMillion: 0.15,
  /** Incoming WebSocket messages billed as one request. */
  messagesPerRequest: 20,
  /** Durable Objects duration: wall-clock while active or unable to hibernate, at 128 MB. */
  doGbSecondPerMillion: 12.5,
  doMemoryGb: 0.128,
  /** Workers Standard (the Worker that upgrades each connection) and Dynamic Workers (each fetch() into one): requests. */
  workerRequestPerMillion: 0.3,
  /** Workers Standard and Dynamic Workers CPU time (a Dynamic Worker's startup included). */
  cpuMsPerMillion: 0.02,
  sources: [
    "https://developers.cloudflare.com/durable-objects/platform/pricing (requests, WebSocket messages at 20:1, alarms, duration at 128 MB, no duration while eligible for hibernation, accept() bills while connected)",
    "https://developers.cloudflare.com/dynamic-workers/pricing (a request per fetch() into a Dynamic Worker and CPU with its startup, at the Workers Standard rates it quotes, which the connects' Worker requests pay too; $0.002 per Dynamic Worker a day, one per revision, left out)",
    "SQLite storage rows read and written: not priced here (no figure in the pages read); batched writes are alike on both sides",
  ],
} as const;

/** What one side of a cost row used, summed over its rooms. */
export interface BilledUsage {
  /** Actions acknowledged. */
  actions: number;
  /** Seats times hours connected. */
  playerHours: number;
  /** WebSocket connects: a Worker request (the upgrade) and a Durable Object request each. */
  connects: number;
  /** Incoming WebSocket messages from the clients. */
  messagesIn: number;
  /** Incoming WebSocket messages from the sandbox (its replies on the channel): billed as the clients' are. */
  sandboxReplies: number;
  /** Alarms the objects ran. */
  alarms: number;
  /**
   * Channels opened into the sandbox (0 for a peer without a sandbox): a Dynamic Worker request each
   * (the room's call that asks for it), and a Durable Object request (the sandbox's connect into the room).
   */
  sandboxOpens: number;
  /** Object-seconds not hibernated, as the runtime showed it. */
  awakeSeconds: number;
  /** Object-seconds unable to hibernate (active, or holding a standard WebSocket): what duration bills. */
  billedSeconds: number;
  /** CPU of the sandbox (Dynamic Worker CPU), in ms. */
  sandboxCpuMs: number;
}

export interface Bill {
  doRequests: number;
  workerRequests: number;
  awakeGbSeconds: number;
  billedGbSeconds: number;
  dollars: number;
  perMillionActions: number;
  perThousandPlayerHours: number;
  /** What the sandbox alone adds, per 1,000 player-hours: its channels' requests, its replies, its CPU. */
  sandboxPerThousandPlayerHours: number;
}

export function billOf(usage: BilledUsage): Bill {
  const messages = (usage.messagesIn + usage.sandboxReplies) / PRICES.messagesPerRequest;
  const doRequests = usage.connects + usage.sandboxOpens + messages + usage.alarms;
  const workerRequests = usage.connects + usage.sandboxOpens;
  const awakeGbSeconds = usage.awakeSeconds * PRICES.doMemoryGb;
  const billedGbSeconds = usage.billedSeconds * PRICES.doMemoryGb;
  const dollars =
    (doRequests * PRICES.doRequestPerMillion +
      workerRequests * PRICES.workerRequestPerMillion +
      billedGbSeconds * PRICES.doGbSecondPerMillion +
      usage.sandboxCpuMs * PRICES.cpuMsPerMillion) /
    1e6;
  const sandboxDollars =
    (usage.sandboxOpens * (PRICES.workerRequestPerMillion + PRICES.doRequestPerMillion) +
      (usage.sandboxReplies / PRICES.messagesPerRequest) * PRICES.doRequestPerMillion +
      usage.sandboxCpuMs * PRICES.cpuMsPerMillion) /
    1e6;
  return {
    doRequests,
    workerRequests,
    awakeGbSeconds,
    billedGbSeconds,
    dollars,
    perMillionActions: (dollars / Math.max(1, usage.actions)) * 1e6,
    perThousandPlayerHours: (dollars / usage.playerHours) * 1000,
    sandboxPerThousandPlayerHours: (sandboxDollars / usage.playerHours) * 1000,
  };
}

/** The cost rows of one scenario, ours against partyserver's; the price per player-hour has its budget. */
export function costRows(label: string, ours: BilledUsage, party: BilledUsage): BenchRow[] {
  const a = billOf(ours);
  const b = billOf(party);
  return [
    row(
      `${label}: Durable Object requests (messages at 20:1, alarms, connects, sandbox connects)`,
      a.doRequests,
      b.doRequests,
      "requests",
    ),
    row(`${label}: alarms run`, ours.alarms, party.alarms, "alarms"),
    row(
      `${label}: Worker and Dynamic Worker requests (connects, sandbox opens)`,
      a.workerRequests,
      b.workerRequests,
      "requests",
    ),
    row(`${label}: awake, not hibernated (runtime)`, a.awakeGbSeconds, b.awakeGbSeconds, "GB-s"),
    row(`${label}: billed duration (unable to hibernate)`, a.billedGbSeconds, b.billedGbSeconds, "GB-s"),
    row(`${label}: sandbox CPU (upper bound)`, ours.sandboxCpuMs, party.sandboxCpuMs, "ms"),
    row(`${label}: price per million actions`, cents(a.perMillionActions), cents(b.perMillionActions), "¢"),
    // Partyserver's reducer runs in its own object: what the sandbox costs is a floor under our
    // price that partyserver does not pay (docs/decisions/0141-what-the-sandbox-costs-that-partyserver-does-not.md).
    row(
      `${label}: the sandbox's part alone (channels, replies, CPU) per 1,000 player-hours, vs partyserver's whole price`,
      cents(a.sandboxPerThousandPlayerHours),
      cents(b.perThousandPlayerHours),
      "¢",
    ),
    upTo(
      `${label}: price per 1,000 player-hours`,
      cents(a.perThousandPlayerHours),
      cents(b.perThousandPlayerHours),
      "¢",
      1,
    ),
  ];
}

/** Prices print in cents: a room's few cents per 1,000 player-hours keep their digits in the table. */
function cents(dollars: number): number {
  return dollars * 100;
}

/** The price table the cost rows use, printed with the bench's output. */
export function priceTable(): string {
  const p = PRICES;
  return [
    `Cloudflare prices used by the cost rows (read ${p.readOn}; Workers Paid, marginal, allowances left out):`,
    `  Durable Objects: $${p.doRequestPerMillion} per million requests (incoming WebSocket messages ${p.messagesPerRequest}:1), $${p.doGbSecondPerMillion} per million GB-s at ${p.doMemoryGb * 1000} MB`,
    `  Workers / Dynamic Workers: $${p.workerRequestPerMillion} per million requests, $${p.cpuMsPerMillion} per million CPU ms`,
    ...p.sources.map((source) => `  source: ${source}`),
  ].join("\n");
}
