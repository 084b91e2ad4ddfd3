/**
 * The SMS sign-in success-rate alert of document 1 (Limits: alert line 75%), as a pure state
 * machine: the Durable Object that holds the platform-wide counts feeds it outcomes and the
 * passing of time, and acts on what it answers (store the state, move the alarm, send a notice).
 *
 * What counts: client auth-log records (POST /api/log) with evt.name phone_otp, evt.action
 * send_code or verify_code, evt.outcome success or failure, any surface. Document 1 (Events):
 * counting evt.outcome by evt.name gives the success rate. The window slides by whole minutes:
 * outcomes are counted in one-minute buckets and a bucket leaves 15 minutes after it began.
 */

import type { OpsNotice } from "./notifier";

export const SMS_RATE_RULES = {
  /** Document 1, Limits: below this share of successes the alert fires. */
  alertLine: 0.75,
  /** Back at or above this share, the alert clears (5 points over the line: no flapping around it). */
  recoverAt: 0.8,
  windowMs: 15 * 60_000,
  bucketMs: 60_000,
  /** Fewer outcomes than this in the window decide nothing: one failure at 3 a.m. pages no one. */
  minSamples: 20,
} as const;

export interface SmsTally {
  success: number;
  failure: number;
}

interface Bucket extends SmsTally {
  /** Start of the bucket's minute (ms since the epoch). */
  start: number;
}

export interface SmsRateState {
  /** Oldest first; at most windowMs / bucketMs of them. */
  buckets: Bucket[];
  /** True from a "below the line" notice until the "recovered" one. */
  alerting: boolean;
  /** The latest time this state was evaluated at; time never runs backwards for it. */
  at: number;
}

export interface SmsRateWindow extends SmsTally {
  samples: number;
  /** successes / samples, or null without any sample. */
  rate: number | null;
}

export interface SmsRateChange {
  kind: "fell_below" | "recovered";
  window: SmsRateWindow;
}

export interface SmsRateStep {
  state: SmsRateState;
  /** A crossing of the line, or null: a notice goes out once per crossing, never per record. */
  change: SmsRateChange | null;
  /** When the oldest bucket leaves the window (the next alarm), or null when the window is empty. */
  alarmAt: number | null;
}

export const EMPTY_SMS_RATE: SmsRateState = { buckets: [], alerting: false, at: 0 };

export interface SmsOutcomeRecord {
  evt: { name: string; action: string; outcome: string };
}

/** The SMS sign-in outcomes among client log lines (already normalized by the intake). */
export function smsTallyOf(records: readonly SmsOutcomeRecord[]): SmsTally {
  const tally: SmsTally = { success: 0, failure: 0 };
  for (const { evt } of records) {
    if (evt.name !== "phone_otp" || (evt.action !== "send_code" && evt.action !== "verify_code")) continue;
    if (evt.outcome === "success") tally.success += 1;
    else if (evt.outcome === "failure") tally.failure += 1;
  }
  return tally;
}

/** Outcomes reported at `now` join the current minute's bucket; then the window is evaluated. */
export function addOutcomes(state: SmsRateState, tally: SmsTally, now: number): SmsRateStep {
  const at = Math.max(now, state.at);
  const buckets = inWindow(state.buckets, at);
  const start = Math.floor(at / SMS_RATE_RULES.bucketMs) * SMS_RATE_RULES.bucketMs;
  const last = buckets.at(-1);
  if (last?.start === start) {
    buckets[buckets.length - 1] = {
      start,
      success: last.success + tally.success,
      failure: last.failure + tally.failure,
    };
  } else {
    buckets.push({ start, success: tally.success, failure: tally.failure });
  }
  return evaluate({ ...state, buckets, at });
}

/** Time passes to `now` (the alarm): buckets older than the window leave, and the rest is evaluated. */
export function advanceTo(state: SmsRateState, now: number): SmsRateStep {
  const at = Math.max(now, state.at);
  return evaluate({ ...state, buckets: inWindow(state.buckets, at), at });
}

/** When the oldest bucket leaves the window, or null when there is none. */
export function nextLeaveAt(state: SmsRateState): number | null {
  const oldest = state.buckets[0];
  return oldest ? oldest.start + SMS_RATE_RULES.windowMs : null;
}

export function windowOf(state: SmsRateState): SmsRateWindow {
  let success = 0;
  let failure = 0;
  for (const bucket of state.buckets) {
    success += bucket.success;
    failure += bucket.failure;
  }
  const samples = success + failure;
  return { success, failure, samples, rate: samples === 0 ? null : success / samples };
}

function inWindow(buckets: readonly Bucket[], at: number): Bucket[] {
  return buckets.filter((bucket) => bucket.start + SMS_RATE_RULES.windowMs > at);
}

/**
 * Below the line with enough samples: "fell_below", once, until the rate is back at recoverAt
 * with enough samples ("recovered"). Too few samples change nothing either way: an alert stays
 * raised while traffic is too thin to show a recovery.
 */
function evaluate(state: SmsRateState): SmsRateStep {
  const window = windowOf(state);
  let change: SmsRateChange | null = null;
  if (window.rate !== null && window.samples >= SMS_RATE_RULES.minSamples) {
    if (!state.alerting && window.rate < SMS_RATE_RULES.alertLine) change = { kind: "fell_below", window };
    else if (state.alerting && window.rate >= SMS_RATE_RULES.recoverAt) change = { kind: "recovered", window };
  }
  const next = change ? { ...state, alerting: change.kind === "fell_below" } : state;
  return { state: next, change, alarmAt: nextLeaveAt(next) };
}

/** The operations notice of a crossing (src/ops/notifier.ts sends it: a log line, and a POST when configured). */
export function smsRateNotice(change: SmsRateChange): OpsNotice {
  const { window } = change;
  const percent = Math.round((window.rate ?? 0) * 1000) / 10;
  const minutes = SMS_RATE_RULES.windowMs / 60_000;
  const counts = `${window.success} of ${window.samples} phone sign-in steps succeeded in the last ${minutes} minutes`;
  const refs = {
    successRatePercent: percent,
    successes: window.success,
    failures: window.failure,
    windowMinutes: minutes,
    alertLinePercent: SMS_RATE_RULES.alertLine * 100,
  };
  return change.kind === "fell_below"
    ? {
        kind: "sms_success_rate_low",
        message: `SMS sign-in success rate is ${percent}%, below the ${refs.alertLinePercent}% alert line (${counts}).`,
        refs,
      }
    : {
        kind: "sms_success_rate_recovered",
        message: `SMS sign-in success rate is back at ${percent}% (${counts}).`,
        refs,
      };
}
