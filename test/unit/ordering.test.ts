import { describe, expect, it } from "vitest";
import { checkItemSet, describeItemSetProblems, inListOrder, positionsOf } from "../../src/ordering/order";

describe("list order", () => {
  it("is position ascending, then id ascending for ties (numbers and strings)", () => {
    expect(
      inListOrder([
        { id: 9, position: 1 },
        { id: 3, position: 2 },
        { id: 7, position: 1 },
        { id: 2, position: 0 },
      ]).map((item) => item.id),
    ).toEqual([2, 7, 9, 3]);
    expect(
      inListOrder([
        { id: "b", position: 0 },
        { id: "a", position: 0 },
      ]).map((item) => item.id),
    ).toEqual(["a", "b"]);
  });

  it("gives the item at index i position i", () => {
    expect(positionsOf([30, 10, 20])).toEqual([
      { id: 30, position: 0 },
      { id: 10, position: 1 },
      { id: 20, position: 2 },
    ]);
  });
});

describe("checkItemSet: the new order must be exactly the current items", () => {
  it("accepts a permutation, and an empty list for an empty parent", () => {
    expect(checkItemSet([1, 2, 3], [3, 1, 2])).toEqual({ ok: true });
    expect(checkItemSet([], [])).toEqual({ ok: true });
  });

  it("names missing, unknown (extra or foreign) and duplicate ids", () => {
    expect(checkItemSet([1, 2, 3], [2, 2, 9, 1])).toEqual({ ok: false, missing: [3], unknown: [9], duplicates: [2] });
    expect(checkItemSet(["a"], [])).toEqual({ ok: false, missing: ["a"], unknown: [], duplicates: [] });
  });

  it("a number and a numeric string are different ids", () => {
    expect(checkItemSet<number | string>([1], ["1"])).toEqual({
      ok: false,
      missing: [1],
      unknown: ["1"],
      duplicates: [],
    });
  });

  it("describes the problems in one line", () => {
    expect(describeItemSetProblems({ missing: [3], unknown: [9, 8], duplicates: [2] })).toBe(
      "missing 3; not an item of this parent: 9, 8; named more than once: 2",
    );
  });
});
