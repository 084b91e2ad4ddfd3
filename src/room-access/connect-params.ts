import { z } from "zod";
import type { Seat } from "../engine/types";

/** Ids of revisions and rooms: safe in an R2 key and a Durable Object name. */
export const roomIdSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    "must be 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit",
  );

/** Everything the room needs to accept one connection; the rooms app validates it from the query. */
export interface ConnectParams {
  revisionId: string;
  roomId: string;
  seatId: string;
  nickname: string;
  monitor: boolean;
  players: Seat[] | null;
  /** The SDK's id of the client (kept across its reconnects), so the room can tell it which of its actions it holds. */
  clientId?: string;
  /** The lobby's hold of the seat, from the ticket (seat-ticket.ts): the room admits it only while that hold stands. */
  holdId?: string;
}

/** The `client` query parameter: an id the SDK makes up once per game session. */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8-64 letters, digits, '_' or '-'");

export const CONNECT_HEADER = "x-room-connect";

/** Durable Object location hints; a missing or unknown `loc` falls back to apac (document 3). */
export const LOCATION_HINTS = ["wnam", "enam", "sam", "weur", "eeur", "apac", "oc", "afr", "me"] as const;

export type LocationHint = (typeof LOCATION_HINTS)[number];

export function locationHintOf(loc: string | undefined): LocationHint {
  return (LOCATION_HINTS as readonly string[]).includes(loc ?? "") ? (loc as LocationHint) : "apac";
}
