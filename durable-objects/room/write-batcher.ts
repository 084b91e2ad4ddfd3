/**
 * Batches writes without debouncing: the first change reserves one write `delayMs` later; changes
 * meanwhile ride along and never move the reservation, so a write lands at most `delayMs` after the
 * first change it carries, however busy the room is. writeNow() writes at once and ends the
 * reservation. The host keeps the reservation (`reserve`) and calls flush() when it is due.
 */
export class WriteBatcher {
  private reserved = false;
  private readonly write: () => void;
  private readonly delayMs: number;
  private readonly reserve: (delayMs: number) => void;

  constructor(write: () => void, delayMs: number, reserve: (delayMs: number) => void) {
    this.write = write;
    this.delayMs = delayMs;
    this.reserve = reserve;
  }

  /** A change is waiting for its write. */
  get pending(): boolean {
    return this.reserved;
  }

  writeSoon(): void {
    if (this.reserved) return;
    this.reserved = true;
    this.reserve(this.delayMs);
  }

  /** The reservation came due (or the room is about to lose its wake-ups): write what waits, if anything. */
  flush(): void {
    if (this.reserved) this.writeNow();
  }

  writeNow(): void {
    this.reserved = false;
    this.write();
  }
}
