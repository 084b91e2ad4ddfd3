import { num as format } from "../../tools/loadtest/report-table.ts";
import type { BenchRow } from "./types.ts";

const HEADERS = ["benchmark", "figure", "baseline", "ratio", "budget", "verdict"];

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => [
    row.name,
    `${format(row.figure)} ${row.unit}`,
    row.baseline === null ? "-" : `${format(row.baseline)} ${row.unit}`,
    row.baseline === null || row.baseline === 0 ? "-" : (row.figure / row.baseline).toFixed(2),
    row.budget,
    row.pass ? "ok" : "OVER BUDGET",
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i] as number)).join(" | ");
  return [line(HEADERS), widths.map((w) => "-".repeat(w)).join("-|-"), ...cells.map(line)].join("\n");
}
