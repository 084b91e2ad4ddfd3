import type { Logger } from "../../src/log/logger";
import type { RoomLogger } from "../../src/room-core/types";
import { currentLog, loggerFor } from "../../src/worker-kit/request-log";

/**
 * Lines of a room carry app "rooms" and component "room" (docs/rooms.md). Inside a call that
 * set a request logger (withLog), they carry its requestId too.
 */
export function roomLog(env: Env, fields: Record<string, unknown> = {}): Logger {
  return loggerFor(env, { app: "rooms", component: "room", ...fields });
}

/**
 * The core's logger shape (level, message, fields). Inside a call that set a room logger with
 * the request's id (withLog), its lines carry that id; otherwise the room's own logger is used.
 */
export function roomLogger(env: Env): RoomLogger {
  const own = roomLog(env);
  return (level, message, fields = {}) => {
    const log = currentLog();
    (log.context.component === "room" ? log : own)[level](message, fields);
  };
}
