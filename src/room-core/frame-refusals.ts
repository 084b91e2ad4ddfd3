import { CLOSE_CODES, MAX_FRAME_BYTES, type ParsedFrame } from "../engine/protocol";
import type { RoomConnections } from "./connections";
import { MAX_PENDING_PER_CONNECTION } from "./frame-admission";
import { FRAME_BUDGET } from "./frame-budget";
import { frames } from "./frames";
import type { OutcomeBuilder } from "./outcome";
import type { ConnectionInfo, LogLevel, RoomLogger } from "./types";

/** A log line about one connection's frames. */
export type ConnectionLog = (
  connection: ConnectionInfo,
  kind: string,
  level: LogLevel,
  message: string,
  fields: Record<string, unknown>,
) => void;

/**
 * Lines about one connection's frames, throttled per connection and kind (LogThrottle) so that a
 * flood cannot flood the logs; the next line says how many were held back.
 */
export function connectionLog(connections: RoomConnections, log: RoomLogger, now: () => number): ConnectionLog {
  return (connection, kind, level, message, fields) => {
    const heldBack = connections.admitLog(connection.connectionId, kind, now());
    if (heldBack === null) return;
    const about = { playerId: connection.playerId, connectionId: connection.connectionId };
    log(level, message, { ...fields, ...about, ...(heldBack > 0 ? { heldBack } : {}) });
  };
}

/** A frame that failed the checks: __action_error to the sender, except unknown types (newer clients). */
export function refuseFrame(
  logAbout: ConnectionLog,
  connection: ConnectionInfo,
  refusal: Extract<ParsedFrame, { ok: false }>,
  out: OutcomeBuilder,
): void {
  const known = refusal.code !== "unknown_type";
  logAbout(connection, refusal.code, known ? "warn" : "info", "client frame refused", { code: refusal.code });
  if (known) out.toSender.push(frames.actionError(refusal.code, refusal.error, refusal.seq));
  // The runtime read the whole frame already; closing stops the next one.
  if (refusal.code === "frame_too_large")
    out.closeSender = { code: CLOSE_CODES.frameTooLarge, reason: `frames are limited to ${MAX_FRAME_BYTES} bytes` };
}

/**
 * A frame over its seat's budget (frame-budget.ts): dropped before it is queued, an action told so
 * with rate_limited; with `close`, the connection kept flooding and is closed (1008).
 */
export function refuseOverBudget(
  logAbout: ConnectionLog,
  log: RoomLogger,
  connection: ConnectionInfo | undefined,
  parsed: ParsedFrame,
  out: OutcomeBuilder,
  close: boolean,
): void {
  if (connection) {
    logAbout(connection, "rate_limited", "warn", "frame over the seat's budget; refused", {
      burst: FRAME_BUDGET.burst,
      perSecond: FRAME_BUDGET.perSecond,
    });
    if (close) {
      const { playerId, connectionId } = connection;
      log("warn", "connection closed: it kept sending over its frame budget", { playerId, connectionId });
    }
  }
  if (parsed.ok && parsed.message.type === "__action") {
    out.toSender.push(frames.actionError("rate_limited", "Too many messages; slow down", parsed.message.seq));
  }
  if (close) out.closeSender = { code: CLOSE_CODES.flood, reason: "too many frames" };
}

/** A frame over the connection's queue limit: dropped at once; an action is told so. */
export function refuseFlood(
  logAbout: ConnectionLog,
  connection: ConnectionInfo | undefined,
  parsed: ParsedFrame,
  out: OutcomeBuilder,
): void {
  if (connection) {
    logAbout(connection, "too_many_pending", "warn", "too many frames waiting; frame dropped", {
      limit: MAX_PENDING_PER_CONNECTION,
    });
  }
  if (parsed.ok && parsed.message.type === "__action") {
    out.toSender.push(
      frames.actionError("too_many_pending", "Too many messages waiting; slow down", parsed.message.seq),
    );
  }
}
