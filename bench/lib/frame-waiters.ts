const UNCLAIMED_KEPT = 32;

/**
 * Frames a benchmark client waits for, by predicate. A frame can arrive before its waiter (a room's
 * first __state), so the last frames no waiter took are kept for a later `next`.
 */
export class FrameWaiters<Frame> {
  private readonly waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  private readonly unclaimed: Frame[] = [];

  /** Hands a received frame to every waiter it matches, or keeps it. */
  deliver(frame: Frame): void {
    let claimed = false;
    for (const waiter of [...this.waiters]) {
      if (waiter.match(frame)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
        claimed = true;
      }
    }
    if (!claimed) {
      this.unclaimed.push(frame);
      if (this.unclaimed.length > UNCLAIMED_KEPT) this.unclaimed.shift();
    }
  }

  /** The next frame that matches (or a kept one); rejects after `timeoutMs`. */
  next(match: (frame: Frame) => boolean, timeoutMs = 15_000): Promise<Frame> {
    const early = this.unclaimed.findIndex(match);
    if (early >= 0) return Promise.resolve(this.unclaimed.splice(early, 1)[0] as Frame);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("bench client: frame not received in time")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }
}
