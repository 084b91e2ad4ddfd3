import { Hono } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import { DEFAULT_TICKET_TTL_SECONDS, mintSeatTicket } from "../../../src/room-access/seat-ticket";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { authenticate, type BackendEnv, requestUser } from "../auth";
import { RoomRecords } from "../ports/room-records";
import { refuseLobbyRoom } from "./rooms";

/** A `players` the caller still sends is no part of it (dropped): the roster is the room record's. */
const bodySchema = z.object({
  revisionId: roomIdSchema,
  roomId: roomIdSchema,
  role: z.enum(["player", "observer", "monitor"]).default("player"),
  nickname: z.string().max(64).optional(),
});

/**
 * POST /rooms/tickets: a seat ticket for the signed-in user in a room recorded by POST /rooms
 * (docs/rooms.md "Seat tickets"), with the recorded roster. The seat is the user's own id; a
 * player must be in the roster. Answers {ticket, expiresIn, socketUrl}. A lobby's room gets none
 * (403 `lobby_room`): its lobby hands out its seats. A publish-token ID token is no user here
 * (rule 9b): 403 `publish_token_not_allowed`, as every app answers it.
 */
export const roomTicketsRoute = new Hono<BackendEnv>().post(
  "/rooms/tickets",
  smallJsonBody,
  authenticate({ required: true }),
  async (c) => {
    const { uid } = requestUser(c);
    const { revisionId, roomId, role, nickname } = await jsonInput(c.req.raw, bodySchema);
    refuseLobbyRoom(roomId);
    const room = await new RoomRecords(c.env.BACKEND_DB).find(revisionId, roomId);
    if (!room) {
      throw new ApiError(
        404,
        "room_not_found",
        `No room ${roomId} of revision ${revisionId}: create it with POST /rooms.`,
      );
    }
    refuseLobbyRoom(roomId, room);
    const { players } = room;
    if (role === "player" && !players.some((seat) => seat.id === uid)) {
      throw new ApiError(403, "not_in_roster", "Your seat is not in this room's roster: ask for an observer ticket");
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
