/**
 * A test room's tick loop on its own clock: it runs exactly when the room's (durable-objects/room/
 * tick-loop.ts) does (the game has a tick rate, has started, is not frozen, a connection is open),
 * a tick every 1000 / tickRate ms from the moment it started, each on a whole millisecond.
 */
export class TickSchedule {
  private startedAt: number | null = null;
  private interval = 0;
  private count = 0;

  /** After an operation: starts or stops the loop as its outcome says. */
  follow(outcome: { tickRate: number; started: boolean; frozen: boolean }, openCount: number, now: number): void {
    const run = outcome.tickRate > 0 && outcome.started && !outcome.frozen && openCount > 0;
    if (run && this.startedAt === null) {
      this.startedAt = now;
      this.interval = 1000 / outcome.tickRate;
      this.count = 0;
    } else if (!run) this.startedAt = null;
  }

  /** Real time of the next tick; null while the loop does not run. */
  next(): number | null {
    return this.startedAt === null ? null : this.startedAt + Math.round((this.count + 1) * this.interval);
  }

  /** The next tick ran. */
  ran(): void {
    this.count++;
  }
}
