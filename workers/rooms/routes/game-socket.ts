import { Hono } from "hono";
import { z } from "zod";
import { parseRoster, RosterError } from "../../../src/engine/roster";
import type { Seat } from "../../../src/engine/types";
import { codeKeys } from "../../../src/publishing/code-keys";
import {
  CONNECT_HEADER,
  type ConnectParams,
  clientIdSchema,
  locationHintOf,
  roomIdSchema,
} from "../../../src/room-access/connect-params";
import type { SeatTicket } from "../../../src/room-access/seat-ticket";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { currentRequestId, REQUEST_ID_HEADER } from "../../../src/worker-kit/request-log";
import { seatFromTicket } from "../seat-ticket-check";

const querySchema = z.object({
  seatId: z.string().trim().min(1, "seatId is required").max(64).optional(),
  nickname: z.string().max(64).default(""),
  monitor: z.enum(["0", "1"]).optional(),
  players: z.string().max(16_384).optional(),
  loc: z.string().optional(),
  ticket: z.string().max(16_384).optional(),
  client: clientIdSchema.optional(),
});

function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "request"}: ${issue?.message ?? "invalid"}`;
}

/**
 * GET /ws/games/{revisionId}/{roomId}: upgrades to a WebSocket on that room's Durable Object. With
 * a seat ticket, the seat, role and roster are the ticket's; without one (dev only), the query's.
 */
export const gameSocketRoute = new Hono<AppEnv>().get("/ws/games/:revisionId/:roomId", async (c) => {
  const ids = z.object({ revisionId: roomIdSchema, roomId: roomIdSchema }).safeParse(c.req.param());
  if (!ids.success) throw new ApiError(400, "invalid_room", firstProblem(ids.error));
  const query = querySchema.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "invalid_query", firstProblem(query.error));
  const { revisionId, roomId } = ids.data;
  const ticket = await seatFromTicket(c.get("config").rooms, query.data.ticket, { revisionId, roomId });
  const seat = ticket ? paramsOfTicket(ticket, query.data.nickname) : paramsOfQuery(revisionId, roomId, query.data);
  const params: ConnectParams = query.data.client ? { ...seat, clientId: query.data.client } : seat;
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "This endpoint speaks WebSocket: send an Upgrade: websocket request");
  }
  if (!(await c.env.CODE.head(codeKeys.logic(revisionId)))) {
    throw new ApiError(404, "logic_not_found", `No logic.js is published for revision ${revisionId}`);
  }
  const room = c.env.ROOM.get(c.env.ROOM.idFromName(`${revisionId}/${roomId}`), {
    locationHint: locationHintOf(query.data.loc),
  });
  return room.fetch("https://room.internal/connect", {
    headers: {
      Upgrade: "websocket",
      [CONNECT_HEADER]: JSON.stringify(params),
      [REQUEST_ID_HEADER]: currentRequestId() ?? "",
    },
  });
});

/** A ticket decides the seat, its role and the roster; only the display name may come from the query. */
function paramsOfTicket(ticket: SeatTicket, nickname: string): ConnectParams {
  const { revisionId, roomId, seatId, role, players, hold } = ticket;
  const nick = ticket.nickname ?? nickname;
  const params: ConnectParams = { revisionId, roomId, seatId, nickname: nick, monitor: role === "monitor", players };
  return hold ? { ...params, holdId: hold } : params;
}

/** Without a ticket (dev only): the seat and roster the query declares. */
function paramsOfQuery(revisionId: string, roomId: string, query: z.infer<typeof querySchema>): ConnectParams {
  if (!query.seatId) throw new ApiError(400, "invalid_query", "seatId: seatId is required");
  let players: Seat[] | null = null;
  if (query.players !== undefined) {
    try {
      players = parseRoster(query.players);
    } catch (error) {
      if (error instanceof RosterError) throw new ApiError(400, "invalid_players", error.message);
      throw error;
    }
  }
  return {
    revisionId,
    roomId,
    seatId: query.seatId,
    nickname: query.nickname,
    monitor: query.monitor === "1",
    players,
  };
}
