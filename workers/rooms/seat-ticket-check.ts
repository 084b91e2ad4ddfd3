import type { RoomsConfig } from "../../src/config/rooms";
import { type SeatTicket, TicketError, verifySeatTicket } from "../../src/room-access/seat-ticket";
import { ApiError } from "../../src/worker-kit/errors";

/**
 * The seat a connection may take, from its `ticket` query parameter (docs/rooms.md "Seat tickets").
 * null: no ticket, and tickets are optional here (dev), so the query's seatId and players count.
 * Throws ApiError 401 with the ticket's refusal code before anything is upgraded.
 */
export async function seatFromTicket(
  rooms: RoomsConfig,
  ticket: string | undefined,
  room: { revisionId: string; roomId: string },
): Promise<SeatTicket | null> {
  if (ticket === undefined || ticket === "") {
    if (rooms.tickets === "optional") return null;
    throw new ApiError(401, "ticket_required", "This room needs a seat ticket (query parameter ticket)");
  }
  if (!rooms.ticketSecret) throw new ApiError(401, "ticket_invalid", "Seat tickets are not configured here");
  try {
    return await verifySeatTicket(rooms.ticketSecret, ticket, room);
  } catch (error) {
    if (error instanceof TicketError) throw new ApiError(401, error.code, error.message);
    throw error;
  }
}
