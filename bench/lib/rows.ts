import type { BenchRow } from "./types.ts";

/** A row reported for reference, with no budget of its own (`baseline` null: no ratio). */
export function row(name: string, figure: number, baseline: number | null, unit: string): BenchRow {
  return { name, figure, baseline, unit, budget: "report", pass: true };
}

/** A row whose figure may be at most `ratio` times its baseline (a time). */
export function upTo(name: string, figure: number, baseline: number, unit: string, ratio: number): BenchRow {
  return { name, figure, baseline, unit, budget: `ratio <= ${ratio}`, pass: figure <= ratio * baseline };
}

/** A row whose figure must be at least `ratio` times its baseline (a rate). */
export function atLeast(name: string, figure: number, baseline: number, unit: string, ratio: number): BenchRow {
  return { name, figure, baseline, unit, budget: `ratio >= ${ratio}`, pass: figure >= ratio * baseline };
}

/** A count that must be 0. */
export function none(name: string, figure: number, unit: string): BenchRow {
  return { name, figure, baseline: null, unit, budget: "= 0", pass: figure === 0 };
}
