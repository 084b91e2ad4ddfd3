/** How the batcher holds and lets go of its wake-up (the room's alarm). */
export interface WriteReservation {
  reserve(delayMs: number): void;
  release(): void;
}

/**
 * Batches writes without debouncing. A change when nothing was written for `delayMs` is written at
 * once: a quiet room (a turn-based game) writes each move as it happens and reserves no wake-up
 * (an alarm is a billed request). A change sooner after a write reserves one write, due `delayMs`
 * after that write; changes meanwhile ride along and never move the reservation. So writes are at
 * least `delayMs` apart, and a write lands at most `delayMs` after the first change it carries,
 * however busy the room is. writeNow() writes at once and ends the reservation. The host calls
 * flush() when the reservation is due.
 */
export class WriteBatcher {
  private reserved = false;
  private lastWriteAt: number | null = null;
  private readonly write: () => void;
  private readonly delayMs: number;
  private readonly reservation: WriteReservation;
  private readonly now: () => number;

  constructor(write: () => void, delayMs: number, reservation: WriteReservation, now: () => number = Date.now) {
    this.write = write;
    this.delayMs = delayMs;
    this.reservation = reservation;
    this.now = now;
  }

  /** A change is waiting for its write. */
  get pending(): boolean {
    return this.reserved;
  }

  writeSoon(): void {
    if (this.reserved) return;
    const since = this.lastWriteAt === null ? Number.POSITIVE_INFINITY : this.now() - this.lastWriteAt;
    if (since >= this.delayMs) {
      this.writeNow();
      return;
    }
    this.reserved = true;
    this.reservation.reserve(this.delayMs - since);
  }

  /** The reservation came due (or the room is about to lose its wake-ups): write what waits, if anything. */
  flush(): void {
    if (this.reserved) this.writeNow();
  }

  writeNow(): void {
    if (this.reserved) this.reservation.release();
    this.reserved = false;
    this.lastWriteAt = this.now();
    this.write();
  }
}
