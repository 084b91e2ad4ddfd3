import { z } from "zod";
import type { Seat } from "./types";

export const MAX_SEATS = 64;

const seatId = z.string().trim().min(1).max(64);
const seatSchema = z.preprocess(
  (value) => (typeof value === "string" ? { id: value } : value),
  z
    .object({
      id: seatId.optional(),
      seatId: seatId.optional(),
      role: z.string().max(64).optional(),
      name: z.string().max(64).optional(),
    })
    .refine((seat) => seat.id ?? seat.seatId, { message: "a seat needs an id" })
    .transform(
      ({ id, seatId: alt, role, name }): Seat => ({
        id: (id ?? alt) as string,
        ...(role !== undefined ? { role } : {}),
        ...(name !== undefined ? { name } : {}),
      }),
    ),
);

export const rosterSchema = z
  .array(seatSchema)
  .max(MAX_SEATS)
  .refine((seats) => new Set(seats.map((s) => s.id)).size === seats.length, { message: "seat ids must be unique" });

export class RosterError extends Error {}

/**
 * Parses the `players` query parameter: a JSON list of seat ids or of {id, role?, name?}.
 * Throws RosterError with a readable reason.
 */
export function parseRoster(json: string): Seat[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new RosterError("players must be a JSON list");
  }
  const result = rosterSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new RosterError(`players: ${issue?.path.length ? `[${issue.path.join(".")}] ` : ""}${issue?.message}`);
  }
  return result.data;
}
