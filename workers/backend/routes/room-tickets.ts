import { Hono } from "hono";
import { z } from "zod";
import type { Seat } from "../../../src/engine/types";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import { DEFAULT_TICKET_TTL_SECONDS, mintSeatTicket } from "../../../src/room-access/seat-ticket";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { authenticate, type BackendEnv, requestUser } from "../auth";
import { type RoomRecord, RoomRecords } from "../ports/room-records";
import { refuseLobbyRoom } from "./rooms";

/** A `players` the caller still sends is no part of it (dropped): the roster is the room record's. */
const bodySchema = z.object({
  revisionId: roomIdSchema,
  roomId: roomIdSchema,
  role: z.enum(["player", "observer", "monitor"]).default("player"),
  /** The seat: the caller's own id by default; only the room's creator may name another. */
  seatId: z.string().min(1).max(64).optional(),
  nickname: z.string().max(64).optional(),
});

/**
 * Who may have which ticket of an app room: its creator (the app's backend identity, which made
 * it with POST /rooms) any seat of the roster, or a monitor's; a player of its roster their own
 * seat, or a monitor's on it; nobody else anything (403 `not_your_room`). An observer is issued
 * as a monitor, which the room does not count as present and whose pause requests it ignores.
 */
function ticketSeat(room: RoomRecord, uid: string, role: "player" | "monitor", asked: string | undefined): string {
  const creator = room.creatorUid === uid;
  const inRoster = (seatId: string) => room.players.some((seat: Seat) => seat.id === seatId);
  if (!creator && !inRoster(uid)) {
    throw new ApiError(
      403,
      "not_your_room",
      `Room ${room.roomId} is not yours: only its creator and its players get tickets.`,
    );
  }
  const seatId = asked ?? uid;
  if (seatId !== uid && !creator) {
    throw new ApiError(
      403,
      "not_your_seat",
      "Only the room's creator may ask a ticket for another seat than your own.",
    );
  }
  if (role === "player" && !inRoster(seatId)) {
    throw new ApiError(403, "not_in_roster", `Seat ${seatId} is not in this room's roster: ask for a monitor ticket.`);
  }
  return seatId;
}

/**
 * POST /rooms/tickets: a seat ticket of an app room recorded by POST /rooms (docs/rooms.md "Seat
 * tickets"), with the recorded roster, for its creator or one of its players (ticketSeat). Answers
 * {ticket, expiresIn, socketUrl, seatId, role}. A lobby's room gets none (403 `lobby_room`): its
 * lobby hands out its seats. A publish-token ID token is no user here (rule 9b): 403
 * `publish_token_not_allowed`, as every app answers it.
 */
export const roomTicketsRoute = new Hono<BackendEnv>().post(
  "/rooms/tickets",
  smallJsonBody,
  authenticate({ required: true }),
  async (c) => {
    const { uid } = requestUser(c);
    const body = await jsonInput(c.req.raw, bodySchema);
    const { revisionId, roomId, nickname } = body;
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
    const role = body.role === "player" ? "player" : "monitor";
    const seatId = ticketSeat(room, uid, role, body.seatId);
    const { ticketSecret } = c.get("config").rooms;
    if (!ticketSecret) throw new ApiError(503, "tickets_unavailable", "Seat tickets are not configured here");
    const { players } = room;
    const ticket = await mintSeatTicket(ticketSecret, { revisionId, roomId, seatId, role, players, nickname });
    const rooms = c.get("config").apps.rooms;
    const socketUrl = new URL(`${rooms.path}/ws/games/${revisionId}/${roomId}`, rooms.origin.replace(/^http/, "ws"));
    socketUrl.searchParams.set("ticket", ticket);
    c.header("cache-control", "no-store");
    return c.json({ ticket, expiresIn: DEFAULT_TICKET_TTL_SECONDS, socketUrl: socketUrl.href, seatId, role });
  },
);
