/** A WebSocket client for benchmarks (Node's built-in WebSocket) that can wait for a frame. */
export class BenchSocket {
  private readonly ws: WebSocket;
  private readonly waiters: { match: (frame: any) => boolean; resolve: (frame: any) => void }[] = [];
  onFrame: ((frame: any, receivedAt: number) => void) | null = null;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      const receivedAt = performance.now();
      const frame = JSON.parse(String(event.data));
      this.onFrame?.(frame, receivedAt);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
  }

  static open(url: string): Promise<BenchSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const socket = new BenchSocket(ws);
      ws.addEventListener("open", () => resolve(socket), { once: true });
      ws.addEventListener("error", () => reject(new Error(`cannot open ${url}`)), { once: true });
    });
  }

  next(match: (frame: any) => boolean, timeoutMs = 15_000): Promise<any> {
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
