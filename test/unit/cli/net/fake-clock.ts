import type { Clock } from "../../../../tools/cli/net/delay-queue.ts";

/** A clock the test moves by hand: timers run, in due order, only when `advanceTo` passes them. */
export class FakeClock implements Clock {
  time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }

  setTimer(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + Math.max(0, ms), run, id });
    return id;
  }

  clearTimer(timer: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== timer);
  }

  get pending(): number {
    return this.timers.length;
  }

  advanceTo(time: number): void {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.run();
    }
    this.time = time;
  }
}
