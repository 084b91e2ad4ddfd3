import { createMiddleware } from "hono/factory";
import type { PublishedRevisionsPort } from "../../src/app-ports/published-revisions";
import type { RoomRecordsPort } from "../../src/app-ports/room-records";
import type { AppEnv } from "../../src/worker-kit/app-env";

/** What the rooms app is handed of the backend (platform/app-ports.ts), built per request. */
export interface RoomsPorts {
  /** The backend's room records: where the lobby records its rooms and their rosters. */
  roomRecords: (env: Env) => RoomRecordsPort;
  /** The backend's registered revisions: what a play link plays. */
  revisions: (env: Env) => PublishedRevisionsPort;
}

/** Hono environment of a rooms route that uses the ports. */
export interface RoomsEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { ports: RoomsPorts };
}

/** Puts the ports the rooms app was handed where its routes find them. */
export function withRoomsPorts(ports: RoomsPorts) {
  return createMiddleware<RoomsEnv>(async (c, next) => {
    c.set("ports", ports);
    await next();
  });
}
