import { describe, expect, it } from "vitest";
import {
  afterAttempt,
  MAX_ATTEMPTS,
  MAX_RETRY_GAP_MS,
  retryGapMs,
} from "../../durable-objects/webhook-outbox/retry-schedule";

describe("the payment stand-in's retry schedule", () => {
  it("doubles the gap after each failed attempt, up to a minute", () => {
    expect([1, 2, 3, 4].map(retryGapMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryGapMs(30)).toBe(MAX_RETRY_GAP_MS);
  });

  it("drops a delivered event, reschedules a failed one, and gives up after the last attempt", () => {
    const entry = { eventId: "evt_1", attempts: 0, dueAt: 0 };
    expect(afterAttempt(entry, true, 10_000)).toEqual({ next: null, gaveUp: false });
    expect(afterAttempt(entry, false, 10_000)).toEqual({
      next: { eventId: "evt_1", attempts: 1, dueAt: 11_000 },
      gaveUp: false,
    });
    expect(afterAttempt({ ...entry, attempts: MAX_ATTEMPTS - 1 }, false, 10_000)).toEqual({ next: null, gaveUp: true });
  });
});
