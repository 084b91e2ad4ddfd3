import type { Logger } from "../../src/log/logger";
import type { RoomLogger } from "../../src/room-core/types";
import { currentLog, loggerFor } from "../../workers/shared/request-log";

/**
 * Lines of a room carry app "rooms" and component "room" (docs/rooms.md). Inside a call that
 * set a request logger (withLog), they carry its requestId too.
 */
export function roomLog(env: Env, fields: Record<string, unknown> = {}): Logger {
  return loggerFor(env, { app: "rooms", component: "room", ...fields });
}

/** The core's logger shape (level, message, fields) over the request's room logger. */
export const logRoom: RoomLogger = (level, message, fields = {}) => {
  const log = currentLog();
  const room = log.context.component === "room" ? log : log.child({ app: "rooms", component: "room" });
  room[level](message, fields);
};
