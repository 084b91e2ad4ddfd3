import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { main } from "../../../tools/cli/main.ts";

/** Runs the `scenario` command line in this process: what it printed to stdout and stderr, and its exit code. */
export async function runCli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args) => void err.push(args.join(" ")));
  const code = await main(argv);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A file of this text in a fresh temporary folder. */
export function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "cli-test-")), name);
  writeFileSync(file, text);
  return file;
}
