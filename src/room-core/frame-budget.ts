/**
 * How many frames one seat may send its room (docs/rooms.md "Limits"): a token bucket on the
 * core's clock, so a flood costs the room a bounded number of calls into the sandbox whatever its
 * size. The runtime hands a socket's frames to the room one after another, each once the one before
 * was answered, so a flood never waits in the room's queue: only a rate can stop it.
 */
export const FRAME_BUDGET = {
  /** Frames a seat may send at once. */
  burst: 100,
  /** Frames a seat may send a second, over time: 15 times document 3's input cap. */
  perSecond: 300,
  /** A connection with this many frames refused within `strikeWindowMs` is closed. */
  closeAfterRefused: 100,
  strikeWindowMs: 10_000,
} as const;

/** What becomes of one frame: it runs, it is refused, or it is refused and its connection closed. */
export type FrameVerdict = "accept" | "refuse" | "close";

/**
 * One seat's budget. Every frame that reaches the room counts (an action, an input, a request for
 * the state, a platform message: each costs the room work); the runtime's own answer to the exact
 * heartbeat does not reach the room. Refused frames count as strikes within a window.
 */
export class FrameBudget {
  private tokens: number = FRAME_BUDGET.burst;
  private refilledAt: number;
  private strikes = 0;
  private strikesSince: number;

  constructor(now: number) {
    this.refilledAt = now;
    this.strikesSince = now;
  }

  take(now: number): FrameVerdict {
    if (now > this.refilledAt) {
      const earned = ((now - this.refilledAt) * FRAME_BUDGET.perSecond) / 1000;
      this.tokens = Math.min(FRAME_BUDGET.burst, this.tokens + earned);
      this.refilledAt = now;
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "accept";
    }
    if (now - this.strikesSince >= FRAME_BUDGET.strikeWindowMs) {
      this.strikes = 0;
      this.strikesSince = now;
    }
    this.strikes++;
    return this.strikes >= FRAME_BUDGET.closeAfterRefused ? "close" : "refuse";
  }

  /** Nothing to remember: full again and no strikes that still count. */
  settled(now: number): boolean {
    const full = this.tokens + ((now - this.refilledAt) * FRAME_BUDGET.perSecond) / 1000 >= FRAME_BUDGET.burst;
    return full && (this.strikes === 0 || now - this.strikesSince >= FRAME_BUDGET.strikeWindowMs);
  }
}
