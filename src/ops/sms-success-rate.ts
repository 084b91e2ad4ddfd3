/**
 * The SMS sign-in success-rate alert of document 1 (Limits: alert line 75%), as a pure state
 * machine: the Durable Object that holds the platform-wide counts feeds it what the sign-in
 * service observed and the passing of time, and acts on what it answers (store the state, move
 * the alarm, send a notice).
 *
 * What counts is what the server itself saw, never a client's report (the unauthenticated log
 * intake only informs): one sample per phone sign-in attempt, which is a login state the service
 * issued and bound to a browser, started once when its page sends a code
 * (POST /api/login/sms-attempt). It succeeds when the service receives a phone sign-in on that
 * login state (an ID token the provider signed, sign_in_provider phone, fresh, never counted
 * before); it fails when none arrives within attemptDeadlineMs. One address starts at most
 * startsPerAddress counted attempts per window. The window slides by whole minutes: outcomes are
 * counted in one-minute buckets and a bucket leaves 15 minutes after it began.
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
  /** An attempt with no phone sign-in this long after its code was sent failed (the SMS never came, or was given up). */
  attemptDeadlineMs: 10 * 60_000,
  /** Counted attempts one client address may start per window: what one address can move the rate by. */
  startsPerAddress: 3,
  /** Attempts waiting at once; beyond it new ones are not counted (the state stays small). */
  maxOpenAttempts: 2000,
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
  /** Attempts started and not yet decided: attempt key -> when it started. */
  open?: Record<string, number>;
  /** Counted starts still in the window, by client address key: the per-address limit. */
  starts?: { at: number; address: string }[];
}

/** A phone sign-in attempt the service saw start: its login state's key and the client's address key. */
export interface SmsAttemptStart {
  attempt: string;
  address: string;
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
  /** When time alone next changes the state (the next alarm): see nextLeaveAt. */
  alarmAt: number | null;
}

export const EMPTY_SMS_RATE: SmsRateState = { buckets: [], alerting: false, at: 0 };

/** Outcomes at `now` join the current minute's bucket; then the window is evaluated. */
export function addOutcomes(state: SmsRateState, tally: SmsTally, now: number): SmsRateStep {
  const at = Math.max(now, state.at);
  return evaluate(withOutcomes({ ...state, buckets: inWindow(state.buckets, at), at }, tally));
}

/**
 * Time passes to `now` (the alarm): attempts past their deadline fail, buckets older than the
 * window leave, and the rest is evaluated.
 */
export function advanceTo(state: SmsRateState, now: number): SmsRateStep {
  return evaluate(settled(state, now));
}

/**
 * The service saw an attempt start (its page is sending a code). Counted once per attempt, and at
 * most startsPerAddress per address in the window; `counted` says whether this one was.
 */
export function startAttempt(
  state: SmsRateState,
  start: SmsAttemptStart,
  now: number,
): SmsRateStep & { counted: boolean } {
  const current = settled(state, now);
  const open = current.open ?? {};
  const starts = current.starts ?? [];
  const counted =
    open[start.attempt] === undefined &&
    starts.filter((entry) => entry.address === start.address).length < SMS_RATE_RULES.startsPerAddress &&
    Object.keys(open).length < SMS_RATE_RULES.maxOpenAttempts;
  const next = counted
    ? {
        ...current,
        open: { ...open, [start.attempt]: current.at },
        starts: [...starts, { at: current.at, address: start.address }],
      }
    : current;
  return { ...evaluate(next), counted };
}

/**
 * The service received a phone sign-in on the attempt's login state: a success. One whose start
 * the service never saw (the page's start request was lost, or not counted) is a success too: it
 * took a real SMS to get, so it cannot be forged.
 */
export function verifyAttempt(state: SmsRateState, attempt: string, now: number): SmsRateStep {
  const current = settled(state, now);
  const { [attempt]: _, ...open } = current.open ?? {};
  return addOutcomes({ ...current, open }, { success: 1, failure: 0 }, now);
}

/**
 * The state at `now`: attempts past their deadline failed (counted in their deadline's minute,
 * while that minute is in the window), old buckets and starts gone.
 */
function settled(state: SmsRateState, now: number): SmsRateState {
  const at = Math.max(now, state.at);
  const open: Record<string, number> = {};
  let current: SmsRateState = { ...state, at };
  for (const [attempt, startedAt] of Object.entries(state.open ?? {})) {
    const deadline = startedAt + SMS_RATE_RULES.attemptDeadlineMs;
    if (deadline <= at) current = withOutcomes(current, { success: 0, failure: 1 }, deadline);
    else open[attempt] = startedAt;
  }
  const starts = (state.starts ?? []).filter((entry) => entry.at + SMS_RATE_RULES.windowMs > at);
  return { ...current, buckets: inWindow(current.buckets, at), open, starts };
}

/** Adds outcomes to the bucket of the minute of `when` (state.at unless given); no evaluation. */
function withOutcomes(state: SmsRateState, tally: SmsTally, when = state.at): SmsRateState {
  const start = Math.floor(when / SMS_RATE_RULES.bucketMs) * SMS_RATE_RULES.bucketMs;
  const index = state.buckets.findIndex((bucket) => bucket.start >= start);
  const found = state.buckets[index];
  const buckets = [...state.buckets];
  if (found?.start === start) {
    buckets[index] = { start, success: found.success + tally.success, failure: found.failure + tally.failure };
  } else {
    buckets.splice(index < 0 ? buckets.length : index, 0, { start, ...tally });
  }
  return { ...state, buckets };
}

/**
 * When the state next changes by the passing of time alone: the oldest bucket leaves the window,
 * or the oldest open attempt reaches its deadline; null when neither can happen.
 */
export function nextLeaveAt(state: SmsRateState): number | null {
  const oldest = state.buckets[0];
  const times = [
    ...(oldest ? [oldest.start + SMS_RATE_RULES.windowMs] : []),
    ...Object.values(state.open ?? {}).map((startedAt) => startedAt + SMS_RATE_RULES.attemptDeadlineMs),
  ];
  return times.length > 0 ? Math.min(...times) : null;
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
  const counts = `${window.success} of ${window.samples} phone sign-in attempts succeeded in the last ${minutes} minutes`;
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
