import { z } from "zod";
import { MIN_TICKET_SECRET_LENGTH } from "../room-access/seat-ticket.ts";

/** How the rooms treat seat tickets (docs/rooms.md "Seat tickets"). */
export interface RoomsConfig {
  /**
   * required (stg, prd): a connection needs a valid ticket. optional (dev): a ticket, when given,
   * must be valid; without one the query's seatId and players are taken as they are.
   */
  readonly tickets: "required" | "optional";
  /** Key of the tickets' HS256 signature (secret ROOM_TICKET_SECRET); null when not configured. */
  readonly ticketSecret: string | null;
}

export const roomsVarsSchema = z.object({
  ROOM_TICKETS: z.enum(["required", "optional"]).default("optional"),
  ROOM_TICKET_SECRET: z
    .string()
    .min(MIN_TICKET_SECRET_LENGTH, `must be at least ${MIN_TICKET_SECRET_LENGTH} characters`)
    .optional(),
});

export function roomsConfigFrom(raw: z.infer<typeof roomsVarsSchema>): RoomsConfig {
  return { tickets: raw.ROOM_TICKETS, ticketSecret: raw.ROOM_TICKET_SECRET ?? null };
}
