import WebSocket from "ws";
import { FrameWaiters } from "./frame-waiters.ts";

/**
 * A WebSocket client for benchmarks that can wait for a frame. It is the `ws` package's, because
 * Node's built-in WebSocket always offers permessage-deflate, and production rooms refuse it
 * (no_web_socket_compression, docs/decisions/0061-room-sockets-without-permessage-deflate.md) while wrangler dev's proxy would accept it: so
 * sockets offer it only when asked (`compress`), to measure what compression costs.
 */
export class BenchSocket {
  private readonly ws: WebSocket;
  private readonly frames = new FrameWaiters<any>();
  onFrame: ((frame: any, receivedAt: number) => void) | null = null;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      const receivedAt = performance.now();
      const frame = JSON.parse(String(event.data));
      this.onFrame?.(frame, receivedAt);
      this.frames.deliver(frame);
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
    return this.frames.next(match, timeoutMs);
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  close() {
    this.ws.close();
  }
}
