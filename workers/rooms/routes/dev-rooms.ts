import { type Context, Hono, type Next } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import { inspectorActSchema } from "../../../src/room-core/inspector-act-schema";
import { MAX_STATE_BYTES } from "../../../src/room-core/logic-calls";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { bodyLimited, jsonBody, parseOrThrow } from "../../../src/worker-kit/input";

/** An inspector's act carries at most a whole state (MAX_STATE_BYTES) and a few fields. */
export const MAX_INSPECT_BODY_BYTES = MAX_STATE_BYTES + 4 * 1024;

/**
 * A room's dev tools, under /dev/rooms/{revisionId}/{roomId}/ (dev only; 404 elsewhere):
 * - `stats`: connections, storage writes and codeId, for the benchmarks and for authors;
 * - `observe`: the room's observer, server-sent events of its journal (the `scenario dev`
 *   harness's inspector and action log; durable-objects/room/dev-observer.ts);
 * - `replay`: the room's replay, a file `scenario replay` runs again (src/room-core/replay.ts);
 * - `inspect` (POST): the inspector's acts, an edit of the state, an action run as a seat, a pending
 *   deadline fired now (src/room-core/inspector-acts.ts). JSON only: a page of another origin
 *   cannot send it without a preflight, which nothing here answers.
 */
export const devRoomRoutes = new Hono<AppEnv>()
  .get("/dev/rooms/:revisionId/:roomId/stats", async (c) => c.json(await devRoom(c).stats()))
  .get("/dev/rooms/:revisionId/:roomId/observe", (c) => devRoom(c).fetch("https://room.internal/dev/observe"))
  .get("/dev/rooms/:revisionId/:roomId/replay", (c) =>
    devRoom(c).fetch(`https://room.internal/dev/replay?room=${encodeURIComponent(c.req.param("roomId"))}`),
  )
  .post(
    "/dev/rooms/:revisionId/:roomId/inspect",
    devOnly,
    bodyLimited(MAX_INSPECT_BODY_BYTES, "An inspector's act"),
    async (c) => {
      const room = devRoom(c);
      if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
        throw new ApiError(415, "unsupported_media_type", "Send the act as application/json");
      const act = parseOrThrow(inspectorActSchema, await jsonBody(c.req.raw), "invalid_act");
      return room.fetch("https://room.internal/dev/inspect", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(act),
      });
    },
  );

/** Outside dev the dev tools are not there at all: 404 before the body is looked at. */
async function devOnly(c: Context<AppEnv>, next: Next): Promise<void> {
  notInDev(c);
  await next();
}

function notInDev(c: Context<AppEnv>) {
  if (c.get("config").environment !== "dev") throw new ApiError(404, "not_found", "Room dev tools exist only in dev");
}

function devRoom(c: Context<AppEnv>) {
  notInDev(c);
  const ids = z.object({ revisionId: roomIdSchema, roomId: roomIdSchema }).safeParse(c.req.param());
  if (!ids.success) throw new ApiError(400, "invalid_room", ids.error.issues[0]?.message ?? "invalid room id");
  const { revisionId, roomId } = ids.data;
  return c.env.ROOM.get(c.env.ROOM.idFromName(`${revisionId}/${roomId}`));
}
