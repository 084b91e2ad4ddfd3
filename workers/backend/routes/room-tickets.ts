import { Hono } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../durable-objects/room/connect-params";
import { MAX_SEATS } from "../../../src/engine/roster";
import { DEFAULT_TICKET_TTL_SECONDS, mintSeatTicket } from "../../../src/room-tickets/seat-ticket";
import { ApiError } from "../../shared/errors";
import { authenticate, type BackendEnv, requestUser } from "../auth";

const bodySchema = z.object({
  revisionId: roomIdSchema,
  roomId: roomIdSchema,
  role: z.enum(["player", "observer", "monitor"]).default("player"),
  players: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        role: z.string().max(64).optional(),
        name: z.string().max(64).optional(),
      }),
    )
    .max(MAX_SEATS),
  nickname: z.string().max(64).optional(),
});

/**
 * POST /rooms/tickets: a seat ticket for the signed-in user (docs/rooms.md "Seat tickets"). The
 * seat is the user's own id; a player must be in the roster. Answers {ticket, expiresIn, socketUrl}.
 * A publish-token ID token is no user here (rule 9b): 401 `publish_token_not_allowed`.
 */
export const roomTicketsRoute = new Hono<BackendEnv>().post(
  "/rooms/tickets",
  authenticate({ required: true }),
  async (c) => {
    const { uid } = requestUser(c);
    const body = bodySchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) {
      const issue = body.error.issues[0];
      throw new ApiError(400, "invalid_request", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
    }
    const { revisionId, roomId, role, players, nickname } = body.data;
    if (new Set(players.map((seat) => seat.id)).size !== players.length) {
      throw new ApiError(400, "invalid_request", "players: seat ids must be unique");
    }
    if (role === "player" && !players.some((seat) => seat.id === uid)) {
      throw new ApiError(403, "not_in_roster", "Your seat is not in this roster: ask for an observer ticket");
    }
    const { ticketSecret } = c.get("config").rooms;
    if (!ticketSecret) throw new ApiError(503, "tickets_unavailable", "Seat tickets are not configured here");
    const ticket = await mintSeatTicket(ticketSecret, { revisionId, roomId, seatId: uid, role, players, nickname });
    const rooms = c.get("config").apps.rooms;
    const socketUrl = new URL(`${rooms.path}/ws/games/${revisionId}/${roomId}`, rooms.origin.replace(/^http/, "ws"));
    socketUrl.searchParams.set("ticket", ticket);
    c.header("cache-control", "no-store");
    return c.json({ ticket, expiresIn: DEFAULT_TICKET_TTL_SECONDS, socketUrl: socketUrl.href });
  },
);
