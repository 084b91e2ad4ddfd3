import WebSocket from "ws";
import type { Seat } from "../../src/engine/types.ts";
import type { LoadTarget, SeatAddress, SendKind } from "./load-engine.ts";

/** One action as the room protocol sends it (`__action`, document 3). */
export interface WireAction {
  action: string;
  payload: Record<string, unknown>;
}

/** A due seat whose game is over: it sends nothing, and the turn counts apart from a bot's wait. */
export const GAME_OVER = { gameOver: true } as const;

/** What a seat sends when it is due: an action, a continuous input (`__input`), or nothing (null, GAME_OVER). */
export type WireMove = WireAction | { input: Record<string, unknown> } | null | typeof GAME_OVER;

/** The room as one seat last heard it: the state of its latest frame that carried one. */
export interface SeatView {
  state: unknown;
  /** The roster, once a `__state` or `__game_start` named it. */
  players: Seat[] | null;
}

/**
 * A load target that speaks the room protocol of document 3: a seat is open once its first
 * `__state` arrives, sends `__action` frames with its seq (or `__input` frames), and is answered
 * by `__action_result` (ack = seq) or `__action_error` (seq, code). Every frame that carries a
 * state updates the seat's view, which `move` reads. Sockets offer no compression, as production
 * rooms refuse it (docs/decisions/0061-room-sockets-without-permessage-deflate.md, "Room sockets without permessage-deflate").
 */
export function roomWireTarget(options: {
  /** The WebSocket URL of a seat (a seat ticket may take a moment to mint). */
  url(address: SeatAddress): string | Promise<string>;
  /** What a seat sends when it is due, from the room as that seat sees it. */
  move(address: SeatAddress, view: SeatView): WireMove;
  /** How long a seat may take to open. Default 15 s. */
  openTimeoutMs?: number;
}): LoadTarget {
  return {
    openSeat: async (address, events) => {
      const url = await options.url(address);
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        const view: SeatView = { state: null, players: null };
        let open = false;
        const timer = setTimeout(() => {
          ws.terminate();
          reject(new Error("open_timeout"));
        }, options.openTimeoutMs ?? 15_000);
        const connection = {
          send: (seq: number): SendKind => {
            const move = options.move(address, view);
            if (move === null) return "idle";
            if ("gameOver" in move) return "over";
            if ("input" in move) {
              ws.send(JSON.stringify({ type: "__input", data: move.input }));
              return "input";
            }
            ws.send(JSON.stringify({ type: "__action", action: move.action, payload: move.payload, seq }));
            return "action";
          },
          close: () => closeSocket(ws),
        };
        ws.on("message", (data) => {
          const frame = parseFrame(String(data));
          if ("state" in frame) view.state = frame.state;
          if (Array.isArray(frame.players)) view.players = frame.players as Seat[];
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
      });
    },
  };
}

interface ServerFrame {
  type?: unknown;
  ack?: unknown;
  seq?: unknown;
  code?: unknown;
  state?: unknown;
  players?: unknown;
}

/** A server frame's fields the target reads; a frame that is not a JSON object reads as none. */
function parseFrame(text: string): ServerFrame {
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
