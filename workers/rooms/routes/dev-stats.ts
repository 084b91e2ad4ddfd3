import { Hono } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";

/**
 * GET /dev/rooms/{revisionId}/{roomId}/stats (dev only): connections, storage writes and codeId of
 * a room, for the benchmarks and for authors debugging locally. Answers 404 outside dev.
 */
export const devStatsRoute = new Hono<AppEnv>().get("/dev/rooms/:revisionId/:roomId/stats", async (c) => {
  if (c.get("config").environment !== "dev") throw new ApiError(404, "not_found", "Room stats exist only in dev");
  const ids = z.object({ revisionId: roomIdSchema, roomId: roomIdSchema }).safeParse(c.req.param());
  if (!ids.success) throw new ApiError(400, "invalid_room", ids.error.issues[0]?.message ?? "invalid room id");
  const { revisionId, roomId } = ids.data;
  return c.json(await c.env.ROOM.get(c.env.ROOM.idFromName(`${revisionId}/${roomId}`)).stats());
});
