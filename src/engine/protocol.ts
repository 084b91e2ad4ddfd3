/**
 * The wire protocol of document 3, as types and constants only (no validation library), so the
 * SDK can carry it to the browser at almost no size. Validation lives in parse-frame.ts.
 */

/** Frames above this size are refused before parsing (documented in docs/rooms.md). */
export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * WebSocket close codes the room closes a client's socket with (docs/rooms.md "Close codes"):
 * document 3 leaves them open. 1008 and 1009 are RFC 6455's own meanings; 4000 is the room's.
 */
export const CLOSE_CODES = {
  /** No heartbeat reply for SILENT_DROP_MS. */
  silent: 4000,
  /** Policy violation: the connection kept sending over its frame budget. */
  flood: 1008,
  /** Message too big: a frame over MAX_FRAME_BYTES. */
  frameTooLarge: 1009,
  /** An operator closed the room; it accepts no connection any more (the SDK stops reconnecting). */
  roomClosed: 4001,
} as const;

/** The seat id an operator's pause names in `__pause_state` and presence (`by`). */
export const OPERATOR_PAUSE_BY = "operator";

/** The exact heartbeat frame the SDK sends every 25 s, answered by the runtime without waking the room. */
export const PING_FRAME = '{"type":"__ping"}';
export const PONG_FRAME = '{"type":"__pong"}';

export type ClientMessage =
  | { type: "__action"; action: string; payload: Record<string, unknown>; seq: number }
  | { type: "__input"; data: Record<string, unknown> }
  | { type: "__platform"; message: { type: string; payload?: unknown } }
  | { type: "__pause" }
  | { type: "__resume" }
  | { type: "__request_state" }
  | { type: "__ping" };

export type FrameRefusal = "frame_too_large" | "invalid_json" | "invalid_message" | "unknown_type";

export type ParsedFrame =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: FrameRefusal; error: string; seq: number | null };
