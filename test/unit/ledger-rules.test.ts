import { describe, expect, it } from "vitest";
import { bonusCoins, refundCovered } from "../../src/ledger/rules.ts";

describe("bonus coins of a web purchase", () => {
  it("premium members get coins × rate, rounded down; others none", () => {
    expect(bonusCoins(550, 0.1, true)).toBe(55);
    expect(bonusCoins(100, 0.05, true)).toBe(5);
    expect(bonusCoins(1200, 0.15, true)).toBe(180);
    expect(bonusCoins(333, 0.1, true)).toBe(33);
    expect(bonusCoins(550, 0.1, false)).toBe(0);
    expect(bonusCoins(550, 0, true)).toBe(0);
  });

  it("float noise does not cost a coin (0.07 × 100 is 7, not 7.000000000000001 or 6)", () => {
    expect(bonusCoins(100, 0.07, true)).toBe(7);
    expect(bonusCoins(100, 0.29, true)).toBe(29);
    expect(bonusCoins(1000, 0.03, true)).toBe(30);
  });
});

describe("refund cover", () => {
  it("a refund is taken back only when the balance still holds the coins", () => {
    expect(refundCovered(100, 100)).toBe(true);
    expect(refundCovered(99, 100)).toBe(false);
  });
});
