import { ticksRun } from "../../src/room-core/tick-runs";
import type { RoomOutcome } from "../../src/room-core/types";

/**
 * The room's tick loop: runs while the game has a tick rate, runs, is not frozen and has a socket
 * open. One tick waits in the core at a time: behind a slow call, ticks are skipped, not piled up.
 */
export class TickLoop {
  private timer: ReturnType<typeof setInterval> | null = null;
  private waiting = false;
  private readonly runTick: () => Promise<void>;

  constructor(runTick: () => Promise<void>) {
    this.runTick = runTick;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** After an operation: starts or stops the loop as the outcome says. */
  follow(outcome: RoomOutcome, openCount: number): void {
    const run = ticksRun(outcome, openCount);
    if (run && !this.timer) {
      this.timer = setInterval(() => void this.tick(), 1000 / outcome.tickRate);
    } else if (!run && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private async tick() {
    if (this.waiting) return;
    this.waiting = true;
    try {
      await this.runTick();
    } finally {
      this.waiting = false;
    }
  }
}
