import { vi } from "vitest";

export interface LogLine {
  severity: string;
  message: string;
  app?: string;
  environment?: string;
  requestId?: string;
  component?: string;
  [field: string]: unknown;
}

/**
 * Every line the Worker writes to the console while `work` runs (the tests run in the Worker's
 * own isolate, so its console is this one), raw and parsed. A line that is not JSON fails.
 */
export async function capturedLines(work: () => Promise<void>): Promise<{ raw: string[]; lines: LogLine[] }> {
  const raw: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      raw.push(args.map(String).join(" "));
    }),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return { raw, lines: raw.map((line) => JSON.parse(line) as LogLine) };
}
