/**
 * The /api/log rate limits of document 1: records per minute per client key (the IP) and per
 * instance. Counters live in this object, one per Worker isolate, so (as the spec says) the
 * effective ceiling grows with the number of instances. Fixed one-minute windows.
 */
export class RecordRateLimit {
  private window = -1;
  private total = 0;
  private readonly perKey = new Map<string, number>();

  private readonly limits: { perKey: number; total: number };
  private readonly now: () => number;

  constructor(limits: { perKey: number; total: number }, now: () => number) {
    this.limits = limits;
    this.now = now;
  }

  /**
   * Takes `count` records for `key` if both limits allow them: true. Otherwise nothing is taken
   * and the answer is the seconds until the window ends (for Retry-After).
   */
  take(key: string, count: number): true | { retryAfterSeconds: number } {
    const now = this.now();
    const window = Math.floor(now / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.total = 0;
      this.perKey.clear();
    }
    const used = this.perKey.get(key) ?? 0;
    if (used + count > this.limits.perKey || this.total + count > this.limits.total) {
      return { retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * 60_000 - now) / 1000)) };
    }
    this.perKey.set(key, used + count);
    this.total += count;
    return true;
  }
}
