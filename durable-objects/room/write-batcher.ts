/** The timer functions the batcher uses; tests pass fake ones. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Batches writes without debouncing: the first change reserves one write `delayMs` later; changes
 * meanwhile ride along and never move the reservation, so a write lands at most `delayMs` after the
 * first change it carries, however busy the room is. writeNow() writes at once and cancels it.
 */
export class WriteBatcher {
  private pending: unknown = null;
  private readonly write: () => void;
  private readonly delayMs: number;
  private readonly timers: Timers;

  constructor(write: () => void, delayMs: number, timers: Timers = realTimers) {
    this.write = write;
    this.delayMs = delayMs;
    this.timers = timers;
  }

  writeSoon(): void {
    if (this.pending !== null) return;
    this.pending = this.timers.setTimeout(() => this.writeNow(), this.delayMs);
  }

  writeNow(): void {
    if (this.pending !== null) this.timers.clearTimeout(this.pending);
    this.pending = null;
    this.write();
  }
}
