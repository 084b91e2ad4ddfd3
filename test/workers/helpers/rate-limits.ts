import { expect } from "vitest";
import type { RateLimitRule } from "../../../src/config/rate-limits";

/** What a burst got back: every status, and each 429's Retry-After and body. */
export interface BurstAnswers {
  statuses: number[];
  refusals: { retryAfter: string | null; body: unknown }[];
}

/** `count` requests sent at once, read in full. */
export async function burst(count: number, send: (index: number) => Promise<Response>): Promise<BurstAnswers> {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const refusals: BurstAnswers["refusals"] = [];
  for (const answer of answers) {
    if (answer.status === 429)
      refusals.push({ retryAfter: answer.headers.get("retry-after"), body: await answer.json() });
    else await answer.arrayBuffer();
  }
  return { statuses: answers.map((answer) => answer.status), refusals };
}

/**
 * Runs a burst until one runs inside a single window of the local rate limiter. wrangler's
 * simulation counts in windows aligned to the wall clock (floor(now / period)), so a burst that
 * crosses a boundary is counted in two windows and may pass whole. Each try gets its attempt
 * number, to use a fresh key: the keys of a crossed try have counts in the new window.
 */
export async function withinOneWindow<T>(rule: RateLimitRule, run: (attempt: number) => Promise<T>): Promise<T> {
  const windowNow = () => Math.floor(Date.now() / (rule.period * 1000));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = windowNow();
    const result = await run(attempt);
    if (windowNow() === started) return result;
  }
  throw new Error("three bursts in a row crossed a window boundary");
}

/** The burst of limit + 1 got exactly `limit` answers of `accepted` and one 429 rate_limited with Retry-After. */
export function expectOneRefusal(answers: BurstAnswers, rule: RateLimitRule, accepted: number): void {
  expect(answers.statuses.filter((status) => status === accepted)).toHaveLength(rule.limit);
  expect(answers.refusals).toEqual([
    {
      retryAfter: String(rule.period),
      body: expect.objectContaining({
        error: "rate_limited",
        message: `Too many ${rule.what}: at most ${rule.limit} a minute. Try again in ${rule.period} s.`,
      }),
    },
  ]);
}
