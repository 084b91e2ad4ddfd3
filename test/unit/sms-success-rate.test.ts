import { describe, expect, it } from "vitest";
import {
  addOutcomes,
  advanceTo,
  EMPTY_SMS_RATE,
  SMS_RATE_RULES,
  type SmsRateState,
  type SmsRateStep,
  type SmsTally,
  smsRateNotice,
  startAttempt,
  verifyAttempt,
  windowOf,
} from "../../src/ops/sms-success-rate.ts";

const MINUTE = 60_000;
const T0 = Date.parse("2026-05-01T03:00:00Z");

/** Feeds outcomes at given minutes after T0 and collects every crossing, as the object would. */
function run(steps: Array<{ at: number; tally?: SmsTally }>, from: SmsRateState = EMPTY_SMS_RATE) {
  let state = from;
  const changes: string[] = [];
  let last: SmsRateStep | undefined;
  for (const { at, tally } of steps) {
    last = tally ? addOutcomes(state, tally, T0 + at * MINUTE) : advanceTo(state, T0 + at * MINUTE);
    state = last.state;
    if (last.change) changes.push(last.change.kind);
  }
  return { state, changes, last };
}

describe("what counts: attempts the service saw start, and phone sign-ins it received", () => {
  const start = (state: SmsRateState, attempt: string, address: string, minute: number) =>
    startAttempt(state, { attempt, address }, T0 + minute * MINUTE);

  it("an attempt with a phone sign-in is one success; one without fails at its deadline, not before", () => {
    let state = start(EMPTY_SMS_RATE, "a1", "addr-1", 0).state;
    state = start(state, "a2", "addr-2", 0).state;
    const verified = verifyAttempt(state, "a1", T0 + 2 * MINUTE);
    expect(windowOf(verified.state)).toMatchObject({ success: 1, failure: 0 });
    // a2's deadline is the next thing time alone changes.
    expect(verified.alarmAt).toBe(T0 + SMS_RATE_RULES.attemptDeadlineMs);
    expect(windowOf(advanceTo(verified.state, T0 + SMS_RATE_RULES.attemptDeadlineMs - 1).state).failure).toBe(0);
    const expired = advanceTo(verified.state, T0 + SMS_RATE_RULES.attemptDeadlineMs);
    expect(windowOf(expired.state)).toMatchObject({ success: 1, failure: 1 });
    expect(expired.state.open).toEqual({});
    // Then only the buckets leaving the window remain to wake for (the success's minute first).
    expect(expired.alarmAt).toBe(T0 + 2 * MINUTE + SMS_RATE_RULES.windowMs);
  });

  it("an attempt starts once, however often its page says so", () => {
    let state = EMPTY_SMS_RATE;
    for (let minute = 0; minute < 5; minute += 1) state = start(state, "same", `addr-${minute}`, minute).state;
    expect(Object.keys(state.open ?? {})).toEqual(["same"]);
    expect(windowOf(advanceTo(state, T0 + 10 * MINUTE).state).failure).toBe(1);
    // A failure counts in its deadline's minute: looked at late, it has already left the window.
    expect(windowOf(advanceTo(state, T0 + 30 * MINUTE).state).samples).toBe(0);
  });

  it("one address starts at most 3 counted attempts per window; after the window, 3 more", () => {
    let state = EMPTY_SMS_RATE;
    const counted: boolean[] = [];
    for (let i = 0; i < 5; i += 1) {
      const step = start(state, `mine-${i}`, "one-address", 0);
      counted.push(step.counted);
      state = step.state;
    }
    expect(counted).toEqual([true, true, true, false, false]);
    expect(start(state, "other", "another-address", 0).counted).toBe(true);
    expect(start(state, "later", "one-address", 15).counted).toBe(true);
  });

  it("a phone sign-in whose start the service never saw is a success too (it took a real SMS)", () => {
    expect(windowOf(verifyAttempt(EMPTY_SMS_RATE, "unseen", T0).state)).toMatchObject({ success: 1, samples: 1 });
  });

  it("twenty attempts from five addresses that never sign in cannot raise the alert: at most 15 count", () => {
    let state = EMPTY_SMS_RATE;
    for (let i = 0; i < 20; i += 1) state = start(state, `forged-${i}`, `addr-${i % 5}`, 0).state;
    const after = advanceTo(state, T0 + SMS_RATE_RULES.attemptDeadlineMs);
    expect(windowOf(after.state)).toMatchObject({ failure: 15, samples: 15 });
    expect(after.change).toBeNull();
  });
});

describe("the 75% alert line over a sliding 15-minute window", () => {
  it("80% success never alerts, however long it lasts", () => {
    const steps = Array.from({ length: 40 }, (_, minute) => ({ at: minute, tally: { success: 4, failure: 1 } }));
    const { changes, state } = run(steps);
    expect(changes).toEqual([]);
    expect(windowOf(state).rate).toBe(0.8);
  });

  it("one failure at 3 a.m. pages no one: fewer than 20 outcomes decide nothing", () => {
    const { changes, state } = run([
      { at: 0, tally: { success: 0, failure: 1 } },
      { at: 5, tally: { success: 3, failure: 15 } },
    ]);
    expect(windowOf(state)).toMatchObject({ samples: 19 });
    expect(changes).toEqual([]);
  });

  it("below the line with 20 outcomes: one crossing, and nothing more while it stays below", () => {
    const { changes, state } = run([
      { at: 0, tally: { success: 14, failure: 5 } },
      { at: 1, tally: { success: 0, failure: 1 } }, // 14 of 20 = 70%
      { at: 2, tally: { success: 0, failure: 10 } },
      { at: 3, tally: { success: 1, failure: 10 } },
    ]);
    expect(changes).toEqual(["fell_below"]);
    expect(state.alerting).toBe(true);
  });

  it("exactly 75% is not below the line", () => {
    expect(run([{ at: 0, tally: { success: 15, failure: 5 } }]).changes).toEqual([]);
  });

  it("outcomes leave 15 minutes after their minute began; the next alarm is when the oldest minute leaves", () => {
    const { state, last } = run([
      { at: 0, tally: { success: 0, failure: 20 } },
      { at: 10.5, tally: { success: 4, failure: 0 } },
    ]);
    expect(last?.alarmAt).toBe(T0 + 15 * MINUTE);
    expect(run([{ at: 14.99 }], state).state.buckets).toHaveLength(2);
    const later = run([{ at: 15 }], state);
    expect(windowOf(later.state)).toMatchObject({ samples: 4, success: 4 });
    expect(later.last?.alarmAt).toBe(T0 + 25 * MINUTE);
    expect(run([{ at: 25 }], state).last).toMatchObject({ alarmAt: null, state: { buckets: [] } });
  });

  it("old successes leaving the window can reveal failures: the passing of time alone crosses the line", () => {
    const { state, changes } = run([
      { at: 0, tally: { success: 40, failure: 0 } },
      { at: 8, tally: { success: 5, failure: 15 } }, // 45 of 60 = 75%
    ]);
    expect(changes).toEqual([]);
    const after = run([{ at: 15 }], state);
    expect(after.changes).toEqual(["fell_below"]);
    expect(windowOf(after.state).rate).toBe(0.25);
  });

  it("recovers at 80%, not at the line itself, and can fall below again after recovering", () => {
    const { changes } = run([
      { at: 0, tally: { success: 10, failure: 10 } }, // 50%: fell_below
      { at: 15, tally: { success: 15, failure: 5 } }, // the first minute left: 75%, still alerting
      { at: 16, tally: { success: 4, failure: 0 } }, // 19 of 24 = 79%
      { at: 17, tally: { success: 1, failure: 0 } }, // 20 of 25 = 80%: recovered
      { at: 32, tally: { success: 5, failure: 15 } }, // all of the above left: 25%
    ]);
    expect(changes).toEqual(["fell_below", "recovered", "fell_below"]);
  });

  it("an alert stays raised while the window is too thin to show recovery", () => {
    const { state, changes } = run([
      { at: 0, tally: { success: 0, failure: 20 } },
      { at: 20, tally: { success: 10, failure: 0 } },
    ]);
    expect(changes).toEqual(["fell_below"]);
    expect(state.alerting).toBe(true);
  });

  it("time never runs backwards: a report stamped earlier than the last evaluation joins the current minute", () => {
    const { state } = run([{ at: 0, tally: { success: 1, failure: 0 } }, { at: 20 }]);
    const step = addOutcomes(state, { success: 0, failure: 1 }, T0);
    expect(step.state.at).toBe(T0 + 20 * MINUTE);
    expect(step.state.buckets).toEqual([{ start: T0 + 20 * MINUTE, success: 0, failure: 1 }]);
  });

  it("the notices say the rate, the counts and the window", () => {
    const low = run([{ at: 0, tally: { success: 13, failure: 7 } }]).last?.change;
    expect(low && smsRateNotice(low)).toEqual({
      kind: "sms_success_rate_low",
      message:
        "SMS sign-in success rate is 65%, below the 75% alert line (13 of 20 phone sign-in attempts succeeded in the last 15 minutes).",
      refs: { successRatePercent: 65, successes: 13, failures: 7, windowMinutes: 15, alertLinePercent: 75 },
    });
    const recovered = { kind: "recovered" as const, window: { success: 41, failure: 9, samples: 50, rate: 0.82 } };
    expect(smsRateNotice(recovered)).toMatchObject({
      kind: "sms_success_rate_recovered",
      message:
        "SMS sign-in success rate is back at 82% (41 of 50 phone sign-in attempts succeeded in the last 15 minutes).",
    });
  });
});
