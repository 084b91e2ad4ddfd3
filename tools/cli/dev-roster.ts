import type { Seat } from "../../src/engine/types.ts";
import { mintSeatTicket } from "../../src/room-access/seat-ticket.ts";

export const DEFAULT_PLAYER_COUNT = 2;

/** The dev roster: seats p1..pN, N from --seats, else the manifest's playerCount, else 2. */
export function devRoster(seats: number): Seat[] {
  return Array.from({ length: seats }, (_, index) => ({ id: `p${index + 1}`, name: `Player ${index + 1}` }));
}

/**
 * The room URL a seat's socket asks for, with the roster replaced by the CLI's: in dev the CLI is
 * the authority for the roster and ignores whatever a client declares (document 3).
 */
export function withDevRoster(pathAndQuery: string, roster: Seat[]): string {
  const url = new URL(pathAndQuery, "http://harness.local");
  url.searchParams.set("players", JSON.stringify(roster));
  return `${url.pathname}${url.search}`;
}

const SOCKET_PATH = /^\/rooms\/ws\/games\/([^/]+)\/([^/?]+)$/;

/**
 * The room URL a seat's socket asks for, with the dev roster and a seat ticket the CLI minted for
 * the seat the query names: a monitor (monitor=1), a player of the roster, or else an observer.
 */
export async function withDevTicket(pathAndQuery: string, roster: Seat[], secret: string): Promise<string> {
  const url = new URL(withDevRoster(pathAndQuery, roster), "http://harness.local");
  const room = SOCKET_PATH.exec(url.pathname);
  const seatId = url.searchParams.get("seatId");
  if (!room?.[1] || !room[2] || !seatId) return `${url.pathname}${url.search}`;
  const role =
    url.searchParams.get("monitor") === "1"
      ? "monitor"
      : roster.some((seat) => seat.id === seatId)
        ? "player"
        : "observer";
  const ticket = await mintSeatTicket(secret, {
    revisionId: decodeURIComponent(room[1]),
    roomId: decodeURIComponent(room[2]),
    seatId,
    role,
    players: roster,
  });
  url.searchParams.set("ticket", ticket);
  return `${url.pathname}${url.search}`;
}

/** A revision id for one build of the logic: safe as an R2 key part and a room name. */
export function devRevisionId(gameId: string, build: number, now: number = Date.now()): string {
  const slug =
    gameId
      .replace(/[^A-Za-z0-9._-]/g, "-")
      .replace(/^[^A-Za-z0-9]+/, "")
      .slice(0, 60) || "game";
  return `dev-${slug}-${now.toString(36)}-${build}`;
}
