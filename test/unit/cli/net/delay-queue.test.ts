import { describe, expect, it } from "vitest";
import { DelayQueue, QueueBudget } from "../../../../tools/cli/net/delay-queue.ts";
import { FakeClock } from "./fake-clock.ts";

const chunk = (text: string) => Buffer.from(text);

function queueOnFakeClock(limits = { maxChunks: 100, maxBytes: 10_000 }) {
  const clock = new FakeClock();
  const budget = new QueueBudget(limits);
  const out: { text: string; at: number }[] = [];
  const queue = new DelayQueue<Buffer>(clock, budget, (c) => out.push({ text: c.toString(), at: clock.now() }));
  return { clock, budget, queue, out };
}

describe("the pass-through's delay queue", () => {
  it("hands each chunk on its delay later, in the order they came", () => {
    const { clock, queue, out } = queueOnFakeClock();
    expect(queue.push(chunk("a"), 150)).toEqual({ ok: true, delayed: true });
    clock.advanceTo(40);
    queue.push(chunk("b"), 150);
    clock.advanceTo(149);
    expect(out).toEqual([]);
    clock.advanceTo(150);
    expect(out).toEqual([{ text: "a", at: 150 }]);
    clock.advanceTo(1_000);
    expect(out).toEqual([
      { text: "a", at: 150 },
      { text: "b", at: 190 },
    ]);
  });

  it("keeps the order when the latency drops: a later chunk never overtakes an earlier one", () => {
    const { clock, queue, out } = queueOnFakeClock();
    queue.push(chunk("slow"), 2_500);
    clock.advanceTo(10);
    queue.push(chunk("fast"), 50);
    queue.push(chunk("none"), 0);
    clock.advanceTo(2_499);
    expect(out).toEqual([]);
    clock.advanceTo(2_500);
    expect(out.map((o) => o.text)).toEqual(["slow", "fast", "none"]);
    expect(out.every((o) => o.at === 2_500)).toBe(true);
  });

  it("with no latency and nothing waiting, passes a chunk on at once", () => {
    const { queue, out, clock } = queueOnFakeClock();
    expect(queue.push(chunk("now"), 0)).toEqual({ ok: true, delayed: false });
    expect(out).toEqual([{ text: "now", at: 0 }]);
    expect(clock.pending).toBe(0);
  });

  it("refuses a chunk past the seat's cap on chunks, says why, and takes chunks again once some left", () => {
    const { clock, queue, budget, out } = queueOnFakeClock({ maxChunks: 2, maxBytes: 10_000 });
    queue.push(chunk("1"), 100);
    queue.push(chunk("2"), 100);
    const refused = queue.push(chunk("3"), 100);
    expect(refused).toEqual({ ok: false, error: "queue_full", message: expect.stringContaining("more than 2 chunks") });
    expect(budget.chunks).toBe(2);
    clock.advanceTo(100);
    expect(out.map((o) => o.text)).toEqual(["1", "2"]);
    expect(budget).toMatchObject({ chunks: 0, bytes: 0 });
    expect(queue.push(chunk("4"), 100).ok).toBe(true);
  });

  it("caps the bytes waiting, shared by every queue of one seat", () => {
    const clock = new FakeClock();
    const budget = new QueueBudget({ maxChunks: 100, maxBytes: 10 });
    const toRoom = new DelayQueue<Buffer>(clock, budget, () => {});
    const toPage = new DelayQueue<Buffer>(clock, budget, () => {});
    expect(toRoom.push(Buffer.alloc(6), 100).ok).toBe(true);
    const refused = toPage.push(Buffer.alloc(5), 100);
    expect(refused).toMatchObject({ ok: false, error: "queue_full" });
    expect(toPage.size).toBe(0);
    expect(toPage.push(Buffer.alloc(4), 100).ok).toBe(true);
    expect(budget).toMatchObject({ chunks: 2, bytes: 10 });
  });

  it("clear forgets what waits, gives its room back and delivers nothing later", () => {
    const { clock, queue, budget, out } = queueOnFakeClock();
    queue.push(chunk("a"), 100);
    queue.push(chunk("bb"), 100);
    expect(queue.clear()).toBe(2);
    expect(budget).toMatchObject({ chunks: 0, bytes: 0 });
    clock.advanceTo(1_000);
    expect(out).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("stays in order through a long run of chunks on changing delays", () => {
    const { clock, queue, out } = queueOnFakeClock({ maxChunks: 10_000, maxBytes: 1_000_000 });
    for (let i = 0; i < 2_000; i++) {
      clock.advanceTo(i);
      queue.push(chunk(String(i)), [300, 0, 50, 1_000][i % 4] as number);
    }
    clock.advanceTo(10_000);
    expect(out.map((o) => Number(o.text))).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
    expect(queue.size).toBe(0);
  });
});
