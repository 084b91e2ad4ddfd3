import { describe, expect, it } from "vitest";
import { type Timers, WriteBatcher } from "../../../durable-objects/room/write-batcher";

/** Timers on a fake clock: nothing runs until the test moves time on. */
function fakeTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let nextHandle = 0;
  const timers: Timers = {
    setTimeout(callback, ms) {
      pending.set(++nextHandle, { at: now + ms, callback });
      return nextHandle;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advanceTo = (time: number) => {
    for (;;) {
      const due = [...pending].filter(([, t]) => t.at <= time).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = time;
  };
  return { timers, advanceTo, now: () => now };
}

describe("storage write batching", () => {
  it("writes at most 500 ms after the first change while changes keep coming (one reservation, never pushed back)", () => {
    const { timers, advanceTo, now } = fakeTimers();
    const writes: number[] = [];
    const batcher = new WriteBatcher(() => writes.push(now()), 500, timers);
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

  it("makes no write without a change, and one write for a burst", () => {
    const { timers, advanceTo } = fakeTimers();
    let writes = 0;
    const batcher = new WriteBatcher(() => writes++, 500, timers);
    advanceTo(5_000);
    expect(writes).toBe(0);
    for (let i = 0; i < 50; i++) batcher.writeSoon();
    advanceTo(5_499);
    expect(writes).toBe(0);
    advanceTo(5_500);
    expect(writes).toBe(1);
    advanceTo(20_000);
    expect(writes).toBe(1);
  });

  it("writes at once on writeNow and drops the reservation it covered", () => {
    const { timers, advanceTo } = fakeTimers();
    let writes = 0;
    const batcher = new WriteBatcher(() => writes++, 500, timers);
    batcher.writeSoon();
    advanceTo(200);
    batcher.writeNow();
    expect(writes).toBe(1);
    advanceTo(2_000);
    expect(writes).toBe(1);
    batcher.writeSoon();
    advanceTo(2_500);
    expect(writes).toBe(2);
  });
});
