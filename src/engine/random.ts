import type { Random } from "./types";

/**
 * Seeded pseudo-random stream (mulberry32): the whole generator state is one 32-bit integer, so it
 * travels with the room state and a restored room draws the same numbers it would have drawn.
 */
export class SeededRandom {
  private current: number;

  constructor(state: number) {
    this.current = state >>> 0;
  }

  get state(): number {
    return this.current;
  }

  next(): number {
    this.current = (this.current + 0x6d2b79f5) >>> 0;
    let t = this.current;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** The ctx.random function scenario code calls. */
  asRandom(): Random {
    const random = (() => this.next()) as Random;
    random.int = (max: number) => {
      if (!Number.isInteger(max) || max <= 0) throw new RangeError("random.int(max) needs a positive integer");
      return Math.floor(this.next() * max);
    };
    random.pick = <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError("random.pick needs a non-empty list");
      return items[random.int(items.length)] as T;
    };
    random.shuffle = <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    };
    return random;
  }
}

/** A fresh 32-bit seed for a new room. */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}
