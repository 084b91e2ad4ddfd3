import { describe, expect, it } from "vitest";
import { WriteBatcher } from "../../../durable-objects/room/write-batcher";

/**
 * A batcher whose reservations are kept on a fake clock, as the room keeps them in its alarm:
 * nothing is written until the test moves time past a reservation.
 */
function batcherOnFakeClock(delayMs = 500) {
  let now = 0;
  const writes: number[] = [];
  const reservations: number[] = [];
  const batcher = new WriteBatcher(
    () => writes.push(now),
    delayMs,
    (ms) => reservations.push(now + ms),
  );
  const advanceTo = (time: number) => {
    for (const at of [...reservations].sort((a, b) => a - b)) {
      if (at > time) break;
      reservations.splice(reservations.indexOf(at), 1);
      now = at;
      batcher.flush();
    }
    now = time;
  };
  return { batcher, writes, reservations, advanceTo };
}

describe("storage write batching", () => {
  it("writes at most 500 ms after the first change while changes keep coming (one reservation, never pushed back)", () => {
    const { batcher, writes, advanceTo } = batcherOnFakeClock();
    // A change every 100 ms for 1.2 s: a debounce (pushed back by each change) would not write until they stop.
    for (let at = 0; at <= 1_200; at += 100) {
      advanceTo(at);
      batcher.writeSoon();
    }
    expect(writes).toEqual([500, 1_000]);
    advanceTo(1_499);
    expect(writes).toEqual([500, 1_000]);
    advanceTo(1_500);
    expect(writes).toEqual([500, 1_000, 1_500]);
  });

  it("makes no write without a change, and one reservation and one write for a burst", () => {
    const { batcher, writes, reservations, advanceTo } = batcherOnFakeClock();
    advanceTo(5_000);
    expect(writes).toEqual([]);
    for (let i = 0; i < 50; i++) batcher.writeSoon();
    expect(reservations).toEqual([5_500]);
    advanceTo(5_499);
    expect(writes).toEqual([]);
    advanceTo(5_500);
    expect(writes).toEqual([5_500]);
    advanceTo(20_000);
    expect(writes).toEqual([5_500]);
  });

  it("writes at once on writeNow; the reservation it covered then writes nothing", () => {
    const { batcher, writes, advanceTo } = batcherOnFakeClock();
    batcher.writeSoon();
    advanceTo(200);
    batcher.writeNow();
    expect(writes).toEqual([200]);
    expect(batcher.pending).toBe(false);
    advanceTo(2_000);
    expect(writes).toEqual([200]);
    batcher.writeSoon();
    advanceTo(2_500);
    expect(writes).toEqual([200, 2_500]);
  });

  it("flush() writes a waiting change at once (the room empties) and nothing when none waits", () => {
    const { batcher, writes, advanceTo } = batcherOnFakeClock();
    batcher.flush();
    expect(writes).toEqual([]);
    batcher.writeSoon();
    advanceTo(100);
    batcher.flush();
    expect(writes).toEqual([100]);
    advanceTo(600);
    expect(writes).toEqual([100]);
  });
});
