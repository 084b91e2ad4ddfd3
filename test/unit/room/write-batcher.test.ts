import { describe, expect, it } from "vitest";
import { WriteBatcher } from "../../../durable-objects/room/write-batcher";

const DELAY_MS = 500;

/**
 * A batcher on a fake clock whose reservation is kept as the room keeps it in its alarm: a held
 * reservation fires (flush) when the test moves time to it, unless it was released first.
 */
function batcherOnFakeClock() {
  let now = 0;
  /** When each write happened. */
  const writes: number[] = [];
  /** When each reservation made was due. */
  const reservations: number[] = [];
  let releases = 0;
  /** When the reservation held now is due (null: none is held). */
  let held: number | null = null;
  const batcher = new WriteBatcher(
    () => writes.push(now),
    DELAY_MS,
    {
      reserve: (delayMs) => {
        if (held !== null) throw new Error("a second reservation while one is held");
        held = now + delayMs;
        reservations.push(held);
      },
      release: () => {
        releases++;
        held = null;
      },
    },
    () => now,
  );
  const advanceTo = (time: number) => {
    while (held !== null && held <= time) {
      now = held;
      held = null; // the alarm fired: nothing is set any more
      batcher.flush();
    }
    now = time;
  };
  return { batcher, writes, reservations, releases: () => releases, advanceTo };
}

describe("storage write batching", () => {
  it("writes each change of a quiet room at once and reserves nothing", () => {
    const { batcher, writes, reservations, advanceTo } = batcherOnFakeClock();
    // A turn-based game: the first change ever, then moves at least DELAY_MS after the last write.
    for (const at of [0, 500, 3_000, 60_000]) {
      advanceTo(at);
      batcher.writeSoon();
      expect(batcher.pending).toBe(false);
    }
    expect(writes).toEqual([0, 500, 3_000, 60_000]);
    expect(reservations).toEqual([]);
  });

  it("reserves a change sooner than DELAY_MS after a write for DELAY_MS after that write, not after the change", () => {
    const { batcher, writes, reservations, advanceTo } = batcherOnFakeClock();
    advanceTo(1_000);
    batcher.writeSoon();
    advanceTo(1_300);
    batcher.writeSoon();
    expect(batcher.pending).toBe(true);
    expect(reservations).toEqual([1_500]);
    advanceTo(1_499);
    expect(writes).toEqual([1_000]);
    advanceTo(1_500);
    expect(writes).toEqual([1_000, 1_500]);
    expect(batcher.pending).toBe(false);
  });

  it("keeps a busy room to one reservation per window, never pushed back: writes DELAY_MS apart", () => {
    const { batcher, writes, reservations, advanceTo } = batcherOnFakeClock();
    // A change every 100 ms for 1.2 s: a debounce (pushed back by each change) would not write until they stop.
    for (let at = 0; at <= 1_200; at += 100) {
      advanceTo(at);
      for (let i = 0; i < 5; i++) batcher.writeSoon();
    }
    expect(writes).toEqual([0, 500, 1_000]);
    expect(reservations).toEqual([500, 1_000, 1_500]);
    advanceTo(1_499);
    expect(writes).toEqual([0, 500, 1_000]);
    advanceTo(1_500);
    expect(writes).toEqual([0, 500, 1_000, 1_500]);
    advanceTo(10_000);
    expect(writes).toEqual([0, 500, 1_000, 1_500]);
  });

  it("writes at least DELAY_MS apart and at most DELAY_MS after the first change each write carries, at any pace", () => {
    const { batcher, writes, advanceTo } = batcherOnFakeClock();
    // Changes at uneven gaps, some shorter and some longer than DELAY_MS.
    const gaps = [0, 30, 470, 1, 499, 500, 501, 120, 120, 120, 900, 2, 250, 260, 10, 10, 700, 499];
    /** Each change's time, and how many writes there were before it: the next write carries it. */
    const changes: { at: number; writesBefore: number }[] = [];
    let at = 0;
    for (const gap of gaps) {
      at += gap;
      advanceTo(at);
      changes.push({ at, writesBefore: writes.length });
      batcher.writeSoon();
    }
    advanceTo(at + DELAY_MS);
    expect(batcher.pending).toBe(false);
    for (let i = 1; i < writes.length; i++)
      expect((writes[i] as number) - (writes[i - 1] as number)).toBeGreaterThanOrEqual(DELAY_MS);
    for (const change of changes) {
      const carriedBy = writes[change.writesBefore];
      expect(carriedBy, `the change at ${change.at}`).toBeDefined();
      expect((carriedBy as number) - change.at).toBeLessThanOrEqual(DELAY_MS);
    }
  });

  it("writes at once on writeNow and releases the reservation, which then writes nothing", () => {
    const { batcher, writes, releases, advanceTo } = batcherOnFakeClock();
    batcher.writeSoon();
    batcher.writeNow(); // nothing held: nothing to release
    expect(releases()).toBe(0);
    advanceTo(600);
    batcher.writeSoon();
    advanceTo(700);
    batcher.writeSoon();
    expect(batcher.pending).toBe(true);
    advanceTo(800);
    batcher.writeNow();
    expect(releases()).toBe(1);
    expect(batcher.pending).toBe(false);
    expect(writes).toEqual([0, 0, 600, 800]);
    advanceTo(2_000);
    expect(writes).toEqual([0, 0, 600, 800]);
  });

  it("counts DELAY_MS from a writeNow too: a change soon after it waits for its reservation", () => {
    const { batcher, writes, reservations, advanceTo } = batcherOnFakeClock();
    advanceTo(5_000);
    batcher.writeNow();
    advanceTo(5_100);
    batcher.writeSoon();
    expect(reservations).toEqual([5_500]);
    advanceTo(5_500);
    expect(writes).toEqual([5_000, 5_500]);
  });

  it("flush() writes a change that holds a reservation (the room empties) and nothing otherwise", () => {
    const { batcher, writes, releases, advanceTo } = batcherOnFakeClock();
    batcher.flush();
    expect(writes).toEqual([]);
    batcher.writeSoon();
    batcher.flush(); // written at once: nothing waits
    expect(writes).toEqual([0]);
    advanceTo(100);
    batcher.writeSoon();
    batcher.flush();
    expect(writes).toEqual([0, 100]);
    expect(releases()).toBe(1);
    batcher.flush();
    advanceTo(1_000);
    expect(writes).toEqual([0, 100]);
  });
});
