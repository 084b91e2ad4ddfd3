/** Allows at most `limit` events in any `windowMs` window; excess is refused, never queued. */
export class RateWindow {
  private readonly accepted: number[] = [];
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs = 1000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  tryAccept(now: number): boolean {
    while (this.accepted.length > 0 && (this.accepted[0] as number) <= now - this.windowMs) this.accepted.shift();
    if (this.accepted.length >= this.limit) return false;
    this.accepted.push(now);
    return true;
  }
}
