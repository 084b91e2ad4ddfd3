// The queue behind a seat's added latency: each chunk of a socket's bytes leaves `delay` ms after
// it came, never before a chunk that came earlier (a smaller latency set meanwhile does not let
// new chunks overtake old ones), so the WebSocket frames inside keep their order. What all the
// queues of one seat hold together is capped (QueueBudget).

/** Time and timers, injected so tests run the queue on a clock of their own. */
export interface Clock {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface QueueLimits {
  maxChunks: number;
  maxBytes: number;
}

/** At most this much of one seat's traffic waits behind its latency (both directions, every socket). */
export const SEAT_QUEUE_LIMITS: QueueLimits = { maxChunks: 4_096, maxBytes: 8 * 1024 * 1024 };

/** What the queues of one seat hold together, against the seat's limits. */
export class QueueBudget {
  readonly limits: QueueLimits;
  chunks = 0;
  bytes = 0;

  constructor(limits: QueueLimits) {
    this.limits = limits;
  }

  /** Takes room for one chunk of `bytes`; false (and nothing taken) when it would pass a limit. */
  take(bytes: number): boolean {
    if (this.chunks + 1 > this.limits.maxChunks || this.bytes + bytes > this.limits.maxBytes) return false;
    this.chunks++;
    this.bytes += bytes;
    return true;
  }

  give(bytes: number): void {
    this.chunks--;
    this.bytes -= bytes;
  }
}

export type PushResult = { ok: true; delayed: boolean } | { ok: false; error: "queue_full"; message: string };

interface Waiting<T> {
  chunk: T;
  due: number;
}

/** One direction of one socket: chunks in, the same chunks out in order, each `delay` ms later. */
export class DelayQueue<T extends { byteLength: number }> {
  private readonly clock: Clock;
  private readonly budget: QueueBudget;
  private readonly deliver: (chunk: T) => void;
  private waiting: Waiting<T>[] = [];
  private head = 0;
  private lastDue = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(clock: Clock, budget: QueueBudget, deliver: (chunk: T) => void) {
    this.clock = clock;
    this.budget = budget;
    this.deliver = deliver;
  }

  /** Chunks waiting now. */
  get size(): number {
    return this.waiting.length - this.head;
  }

  /**
   * Hands `chunk` on `delayMs` from now, after every chunk before it. With no delay and nothing
   * waiting it goes at once. Refused, and not queued, when the seat's budget is spent.
   */
  push(chunk: T, delayMs: number): PushResult {
    if (delayMs <= 0 && this.size === 0) {
      this.deliver(chunk);
      return { ok: true, delayed: false };
    }
    if (!this.budget.take(chunk.byteLength)) {
      const { maxChunks, maxBytes } = this.budget.limits;
      return {
        ok: false,
        error: "queue_full",
        message: `more than ${maxChunks} chunks or ${maxBytes} bytes of this seat's traffic would wait behind its latency`,
      };
    }
    const due = Math.max(this.clock.now() + delayMs, this.lastDue);
    this.lastDue = due;
    this.waiting.push({ chunk, due });
    if (this.timer === null) this.schedule();
    return { ok: true, delayed: true };
  }

  /** Forgets every waiting chunk (the socket is gone) and gives their room back; returns how many. */
  clear(): number {
    const dropped = this.size;
    for (let i = this.head; i < this.waiting.length; i++)
      this.budget.give((this.waiting[i] as Waiting<T>).chunk.byteLength);
    this.waiting = [];
    this.head = 0;
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    return dropped;
  }

  private schedule() {
    const next = this.waiting[this.head];
    if (!next) return;
    this.timer = this.clock.setTimer(() => this.flush(), Math.max(0, next.due - this.clock.now()));
  }

  private flush() {
    this.timer = null;
    const now = this.clock.now();
    while (this.head < this.waiting.length) {
      const next = this.waiting[this.head] as Waiting<T>;
      if (next.due > now) break;
      this.head++;
      this.budget.give(next.chunk.byteLength);
      this.deliver(next.chunk);
      // deliver may have cleared the queue (the socket closed on it).
      if (this.waiting.length === 0) return;
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 1024) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    this.schedule();
  }
}
