/** One connection writes a log line of one kind at most this often; the lines in between are counted. */
export const LOG_EVERY_MS = 10_000;

interface Held {
  lastAt: number;
  held: number;
}

/**
 * Keeps a flood from flooding the logs: per connection and kind of line, the first line is written
 * at once, then at most one every LOG_EVERY_MS, carrying how many were held back in between.
 */
export class LogThrottle {
  private readonly byConnection = new Map<string, Map<string, Held>>();

  /** null: hold this line back; a number: write it, noting that many lines held back since the last one. */
  admit(connectionId: string, kind: string, now: number): number | null {
    let kinds = this.byConnection.get(connectionId);
    if (!kinds) {
      kinds = new Map();
      this.byConnection.set(connectionId, kinds);
    }
    const entry = kinds.get(kind);
    if (entry && now - entry.lastAt < LOG_EVERY_MS) {
      entry.held++;
      return null;
    }
    kinds.set(kind, { lastAt: now, held: 0 });
    return entry?.held ?? 0;
  }

  forget(connectionId: string): void {
    this.byConnection.delete(connectionId);
  }
}
