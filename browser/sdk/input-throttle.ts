/** Document 3: continuous input, at most 20 per second; the latest value overwrites. */
export const INPUTS_PER_SECOND = 20;
const INTERVAL_MS = 1000 / INPUTS_PER_SECOND;

/**
 * Sends at most one input per 50 ms. An input inside the window is kept (replacing any kept one)
 * and sent when the window ends, so the room always gets the latest value.
 */
export class InputThrottle {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private waiting: Record<string, unknown> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  private readonly send: (data: Record<string, unknown>) => void;
  private readonly now: () => number;

  constructor(send: (data: Record<string, unknown>) => void, now: () => number) {
    this.send = send;
    this.now = now;
  }

  push(data: Record<string, unknown>): void {
    const wait = this.lastSentAt + INTERVAL_MS - this.now();
    if (wait <= 0 && !this.timer) {
      this.flush(data);
      return;
    }
    this.waiting = data;
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        const latest = this.waiting;
        this.waiting = null;
        if (latest) this.flush(latest);
      },
      Math.max(0, wait),
    );
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting = null;
  }

  private flush(data: Record<string, unknown>) {
    this.lastSentAt = this.now();
    this.send(data);
  }
}
