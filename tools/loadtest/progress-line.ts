/**
 * The live progress of a load test on stderr: one line rewritten in place on a terminal, plain
 * lines (at most one every `plainEveryMs`) when stderr is a file or a pipe, as in CI logs.
 */
import type { LoadProgress } from "./load-engine.ts";

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function progressText(progress: LoadProgress, durationMs: number): string {
  const seconds = Math.min(progress.elapsedMs, durationMs) / 1000;
  const phase =
    progress.elapsedMs > durationMs ? "awaiting answers" : `${seconds.toFixed(0)} s of ${durationMs / 1000} s`;
  return `loadtest: ${phase}, ${progress.sent} sent, ${progress.acked} acked, ${progress.errors} errors, ${progress.inFlight} in flight`;
}

export class ProgressLine {
  private readonly stream: ProgressStream;
  private readonly plainEveryMs: number;
  private lastPlainAt = Number.NEGATIVE_INFINITY;
  private rewriting = false;

  constructor(stream: ProgressStream, plainEveryMs = 5000) {
    this.stream = stream;
    this.plainEveryMs = plainEveryMs;
  }

  show(progress: LoadProgress, durationMs: number): void {
    const text = progressText(progress, durationMs);
    if (this.stream.isTTY) {
      // Carriage return and erase-line: the line is rewritten, not repeated.
      this.stream.write(`\r\x1b[2K${text}`);
      this.rewriting = true;
      return;
    }
    if (progress.elapsedMs - this.lastPlainAt < this.plainEveryMs) return;
    this.lastPlainAt = progress.elapsedMs;
    this.stream.write(`${text}\n`);
  }

  /** Ends the rewritten line, so what follows starts on a line of its own. */
  end(): void {
    if (this.rewriting) this.stream.write("\n");
    this.rewriting = false;
  }
}
