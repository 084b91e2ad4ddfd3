import WebSocket from "ws";

const UNCLAIMED_KEPT = 32;

/**
 * A WebSocket client for benchmarks that can wait for a frame. It is the `ws` package's, because
 * Node's built-in WebSocket always offers permessage-deflate, and production rooms refuse it
 * (no_web_socket_compression, docs/decisions.md) while wrangler dev's proxy would accept it: so
 * sockets offer it only when asked (`compress`), to measure what compression costs.
 */
export class BenchSocket {
  private readonly ws: WebSocket;
  private readonly waiters: { match: (frame: any) => boolean; resolve: (frame: any) => void }[] = [];
  /** The last frames no waiter took: a frame can arrive before its waiter (the room's first __state). */
  private readonly unclaimed: any[] = [];
  onFrame: ((frame: any, receivedAt: number) => void) | null = null;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      const receivedAt = performance.now();
      const frame = JSON.parse(String(event.data));
      this.onFrame?.(frame, receivedAt);
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
    });
  }

  static open(url: string, options: { compress?: boolean } = {}): Promise<BenchSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: options.compress ?? false });
      const socket = new BenchSocket(ws);
      ws.addEventListener("open", () => resolve(socket), { once: true });
      ws.addEventListener("error", () => reject(new Error(`cannot open ${url}`)), { once: true });
    });
  }

  next(match: (frame: any) => boolean, timeoutMs = 15_000): Promise<any> {
    const early = this.unclaimed.findIndex(match);
    if (early >= 0) return Promise.resolve(this.unclaimed.splice(early, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("bench socket: frame not received in time")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  close() {
    this.ws.close();
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
