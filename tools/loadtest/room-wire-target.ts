import WebSocket from "ws";
import type { LoadTarget, SeatAddress } from "./load-engine.ts";

/** One action as the room protocol sends it (`__action`, document 3). */
export interface WireAction {
  action: string;
  payload: Record<string, unknown>;
}

/**
 * A load target that speaks the room protocol of document 3: a seat is open once its first
 * `__state` arrives, sends `__action` frames with its seq, and is answered by `__action_result`
 * (ack = seq) or `__action_error` (seq, code). Sockets offer no compression, as production rooms
 * refuse it (docs/decisions.md, "Room sockets without permessage-deflate").
 */
export function roomWireTarget(options: {
  /** The WebSocket URL of a seat. */
  url(address: SeatAddress): string;
  /** The action a seat sends as its `seq`-th. */
  action(address: SeatAddress, seq: number): WireAction;
  /** How long a seat may take to open. Default 15 s. */
  openTimeoutMs?: number;
}): LoadTarget {
  return {
    openSeat: (address, events) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(options.url(address), { perMessageDeflate: false });
        let open = false;
        const timer = setTimeout(() => {
          ws.terminate();
          reject(new Error("open_timeout"));
        }, options.openTimeoutMs ?? 15_000);
        const connection = {
          send: (seq: number) => ws.send(JSON.stringify({ type: "__action", ...options.action(address, seq), seq })),
          close: () => closeSocket(ws),
        };
        ws.on("message", (data) => {
          const frame = parseFrame(String(data));
          if (frame.type === "__action_result" && typeof frame.ack === "number") events.acked(frame.ack);
          else if (frame.type === "__action_error" && typeof frame.seq === "number")
            events.refused(frame.seq, typeof frame.code === "string" ? frame.code : "action_error");
          else if (frame.type === "__state" && !open) {
            open = true;
            clearTimeout(timer);
            resolve(connection);
          }
        });
        ws.on("unexpected-response", (_request, response) => {
          clearTimeout(timer);
          reject(new Error(`upgrade_refused_${response.statusCode}`));
          ws.terminate();
        });
        ws.on("error", () => {
          clearTimeout(timer);
          reject(new Error("socket_error"));
        });
        ws.on("close", () => {
          clearTimeout(timer);
          if (open) events.closed();
          else reject(new Error("closed_before_state"));
        });
      }),
  };
}

/** A server frame's fields the target reads; a frame that is not a JSON object reads as none. */
function parseFrame(text: string): { type?: unknown; ack?: unknown; seq?: unknown; code?: unknown } {
  try {
    const frame: unknown = JSON.parse(text);
    return typeof frame === "object" && frame !== null ? frame : {};
  } catch {
    return {};
  }
}

/** Closes a socket and resolves once it is closed (or at once if it already is). */
function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    ws.once("close", () => resolve());
    ws.close();
  });
}
