import { Hono } from "hono";
import { z } from "zod";
import {
  CONNECT_HEADER,
  type ConnectParams,
  locationHintOf,
  roomIdSchema,
} from "../../../durable-objects/room/connect-params";
import { parseRoster, RosterError } from "../../../src/engine/roster";
import type { Seat } from "../../../src/engine/types";
import type { AppEnv } from "../../shared/app-env";
import { ApiError } from "../../shared/errors";

const querySchema = z.object({
  seatId: z.string().trim().min(1, "seatId is required").max(64),
  nickname: z.string().max(64).default(""),
  monitor: z.enum(["0", "1"]).optional(),
  players: z.string().max(16_384).optional(),
  loc: z.string().optional(),
});

function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "request"}: ${issue?.message ?? "invalid"}`;
}

/** GET /ws/games/{revisionId}/{roomId}: upgrades to a WebSocket on that room's Durable Object. */
export const gameSocketRoute = new Hono<AppEnv>().get("/ws/games/:revisionId/:roomId", async (c) => {
  const ids = z.object({ revisionId: roomIdSchema, roomId: roomIdSchema }).safeParse(c.req.param());
  if (!ids.success) throw new ApiError(400, "invalid_room", firstProblem(ids.error));
  const query = querySchema.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "invalid_query", firstProblem(query.error));
  let players: Seat[] | null = null;
  if (query.data.players !== undefined) {
    try {
      players = parseRoster(query.data.players);
    } catch (error) {
      if (error instanceof RosterError) throw new ApiError(400, "invalid_players", error.message);
      throw error;
    }
  }
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "This endpoint speaks WebSocket: send an Upgrade: websocket request");
  }
  const { revisionId, roomId } = ids.data;
  if (!(await c.env.CODE.head(`${revisionId}/logic.js`))) {
    throw new ApiError(404, "logic_not_found", `No logic.js is published for revision ${revisionId}`);
  }
  const params: ConnectParams = {
    revisionId,
    roomId,
    seatId: query.data.seatId,
    nickname: query.data.nickname,
    monitor: query.data.monitor === "1",
    players,
  };
  const room = c.env.ROOM.get(c.env.ROOM.idFromName(`${revisionId}/${roomId}`), {
    locationHint: locationHintOf(query.data.loc),
  });
  return room.fetch("https://room.internal/connect", {
    headers: { Upgrade: "websocket", [CONNECT_HEADER]: JSON.stringify(params) },
  });
});
