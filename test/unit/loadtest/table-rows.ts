/** The rows of `scenario loadtest`'s table (tools/loadtest/report-table.ts) as label -> value, read back from its text. */
export function tableRows(table: string): Map<string, string> {
  return new Map(
    table
      .split("\n")
      .filter((line) => line.includes(" | "))
      .map((line) => {
        const [label, value] = line.split(" | ") as [string, string];
        return [label.trimEnd(), value.trim()];
      }),
  );
}
