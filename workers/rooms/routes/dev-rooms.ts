import { type Context, Hono } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";

/**
 * A room's dev tools, under /dev/rooms/{revisionId}/{roomId}/ (dev only; 404 elsewhere):
 * - `stats`: connections, storage writes and codeId, for the benchmarks and for authors;
 * - `observe`: the room's observer, server-sent events of its journal (the `scenario dev`
 *   harness's inspector and action log; durable-objects/room/dev-observer.ts);
 * - `replay`: the room's replay, a file `scenario replay` runs again (src/room-core/replay.ts).
 */
export const devRoomRoutes = new Hono<AppEnv>()
  .get("/dev/rooms/:revisionId/:roomId/stats", async (c) => c.json(await devRoom(c).stats()))
  .get("/dev/rooms/:revisionId/:roomId/observe", (c) => devRoom(c).fetch("https://room.internal/dev/observe"))
  .get("/dev/rooms/:revisionId/:roomId/replay", (c) =>
    devRoom(c).fetch(`https://room.internal/dev/replay?room=${encodeURIComponent(c.req.param("roomId"))}`),
  );

function devRoom(c: Context<AppEnv>) {
  if (c.get("config").environment !== "dev") throw new ApiError(404, "not_found", "Room dev tools exist only in dev");
  const ids = z.object({ revisionId: roomIdSchema, roomId: roomIdSchema }).safeParse(c.req.param());
  if (!ids.success) throw new ApiError(400, "invalid_room", ids.error.issues[0]?.message ?? "invalid room id");
  const { revisionId, roomId } = ids.data;
  return c.env.ROOM.get(c.env.ROOM.idFromName(`${revisionId}/${roomId}`));
}
