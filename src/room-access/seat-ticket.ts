import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { CodedError } from "../coded-error.ts";
import { MAX_SEATS } from "../engine/roster.ts";
import type { Seat } from "../engine/types.ts";

/**
 * Signed seat tickets (docs/rooms.md "Seat tickets"): who may sit in which seat of which room.
 * The backend, a host app's server or the dev CLI mints one; the rooms app checks it before the
 * WebSocket upgrade. A compact JWT (HS256, key from the secret ROOM_TICKET_SECRET) so any
 * JOSE library of a host app can mint one too. Pure: no Cloudflare import.
 */

/** player: a seat of the roster. observer: sees the room, is no seat (spectator, admin). monitor: a venue screen. */
export const TICKET_ROLES = ["player", "observer", "monitor"] as const;
export type TicketRole = (typeof TICKET_ROLES)[number];

export interface SeatTicket {
  revisionId: string;
  roomId: string;
  seatId: string;
  role: TicketRole;
  /** The roster the ticket's authority decided; pinned by the room's first connection. */
  players: Seat[];
  nickname?: string;
  /**
   * The lobby's hold of the seat this ticket was minted under (a random id the room keeps per
   * seat taken): the room refuses the ticket once that hold is gone (a quick-play seat given back).
   */
  hold?: string;
}

export const DEFAULT_TICKET_TTL_SECONDS = 10 * 60;
export const MAX_TICKET_TTL_SECONDS = 60 * 60;
/** A key shorter than this is refused: HS256 is only as strong as its key. */
export const MIN_TICKET_SECRET_LENGTH = 32;

const ISSUER = "edge-platform";
const AUDIENCE = "rooms";
const ALGORITHM = "HS256";
const CLOCK_TOLERANCE_SECONDS = 30;

export type TicketErrorCode = "ticket_required" | "ticket_invalid" | "ticket_expired" | "ticket_wrong_room";

/** Why a ticket was refused, as a stable code (the rooms app answers 401 with it). */
export class TicketError extends CodedError<TicketErrorCode> {
  override name = "TicketError";
}

const idSchema = z.string().min(1).max(128);
const seatSchema = z.object({
  id: z.string().min(1).max(64),
  role: z.string().max(64).optional(),
  name: z.string().max(64).optional(),
});
const ticketSchema = z
  .object({
    revisionId: idSchema,
    roomId: idSchema,
    seatId: z.string().min(1).max(64),
    role: z.enum(TICKET_ROLES),
    players: z
      .array(seatSchema)
      .max(MAX_SEATS)
      .refine((seats) => new Set(seats.map((s) => s.id)).size === seats.length, "seat ids must be unique"),
    nickname: z.string().max(64).optional(),
    hold: z.string().min(1).max(64).optional(),
  })
  .refine((t) => t.role !== "player" || t.players.some((seat) => seat.id === t.seatId), {
    message: "a player's seatId must be in the roster",
  });

/** The claims of a ticket: standard ones (sub = seatId) and the room's own. */
const claimsSchema = z.object({
  sub: z.string(),
  rev: z.string(),
  room: z.string(),
  role: z.string(),
  players: z.array(z.unknown()),
  nick: z.string().optional(),
  hold: z.string().optional(),
});

function keyOf(secret: string): Uint8Array {
  if (secret.length < MIN_TICKET_SECRET_LENGTH) {
    throw new Error(`ROOM_TICKET_SECRET must be at least ${MIN_TICKET_SECRET_LENGTH} characters`);
  }
  return new TextEncoder().encode(secret);
}

/** Checks a ticket's fields; throws a zod error naming the first bad one. */
export function parseSeatTicket(ticket: unknown): SeatTicket {
  const parsed = ticketSchema.parse(ticket);
  const players = parsed.players.map(({ id, role, name }) => ({
    id,
    ...(role !== undefined ? { role } : {}),
    ...(name !== undefined ? { name } : {}),
  }));
  return { ...parsed, players };
}

/** Signs a ticket valid for `ttlSeconds` (default 10 minutes, at most an hour). */
export async function mintSeatTicket(
  secret: string,
  ticket: SeatTicket,
  options: { ttlSeconds?: number; now?: number } = {},
): Promise<string> {
  const checked = parseSeatTicket(ticket);
  const ttl = Math.min(
    Math.max(1, Math.floor(options.ttlSeconds ?? DEFAULT_TICKET_TTL_SECONDS)),
    MAX_TICKET_TTL_SECONDS,
  );
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  return new SignJWT({
    rev: checked.revisionId,
    room: checked.roomId,
    role: checked.role,
    players: checked.players,
    ...(checked.nickname !== undefined ? { nick: checked.nickname } : {}),
    ...(checked.hold !== undefined ? { hold: checked.hold } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(checked.seatId)
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .setJti(crypto.randomUUID())
    .sign(keyOf(secret));
}

/**
 * Verifies a ticket for the room (revisionId, roomId): signature (HS256 only), issuer, audience,
 * expiry, the room it names and its fields. Throws TicketError.
 */
export async function verifySeatTicket(
  secret: string,
  token: string,
  room: { revisionId: string; roomId: string },
  now: number = Date.now(),
): Promise<SeatTicket> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "iat", "sub"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(now),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new TicketError("ticket_expired", "The seat ticket has expired");
    throw new TicketError("ticket_invalid", "The seat ticket is not valid");
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new TicketError("ticket_invalid", "The seat ticket is not valid");
  const { sub, rev, room: roomId, role, players, nick, hold } = claims.data;
  if (rev !== room.revisionId || roomId !== room.roomId) {
    throw new TicketError("ticket_wrong_room", "The seat ticket is for another room");
  }
  try {
    return parseSeatTicket({ revisionId: rev, roomId, seatId: sub, role, players, nickname: nick, hold });
  } catch {
    throw new TicketError("ticket_invalid", "The seat ticket is not valid");
  }
}
