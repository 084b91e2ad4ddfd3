import type { RoomLogger } from "../../src/room-core/types";

const SEVERITY = { info: "INFO", warn: "WARNING", error: "ERROR" } as const;

/** Structured log lines of the rooms, one JSON object per line. */
export const logRoom: RoomLogger = (level, message, fields = {}) => {
  const line = JSON.stringify({ severity: SEVERITY[level], message, component: "room", ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
};
