import type { Seat } from "../../../src/engine/types";
import { MAX_TICKET_TTL_SECONDS, mintSeatTicket, type TicketRole } from "../../../src/room-tickets/seat-ticket";

export interface PlayableRevision {
  id: string;
  name: string | null;
  playerCount: number | null;
  hasLogic: boolean;
}

export interface SeatLink {
  label: string;
  kind: "player" | "spectator" | "solo";
  url: string;
}

/** Seats of a published game: p1..pN, N from the manifest's playerCount (2 when it has none). */
export function rosterOf(revision: PlayableRevision): Seat[] {
  const count = revision.playerCount ?? 2;
  return Array.from({ length: count }, (_, index) => ({ id: `p${index + 1}`, name: `Player ${index + 1}` }));
}

/** A lobby's tickets live an hour (the most a ticket may): reloading the lobby gives fresh ones. */
export const LOBBY_TICKET_TTL_SECONDS = MAX_TICKET_TTL_SECONDS;

/**
 * The links the lobby hands out for one room: one per seat and a spectator link (a monitor
 * connection), each the client's index.html with the parameters a host app gives a scenario page
 * (document 3, SDK mode selection). A solo scenario gets one link with no room: solo mode.
 *
 * This is the one place seat links are made. With a ticket secret (always in stg and prd), each
 * link carries its seat ticket (`ticket`), minted here: the lobby is the roster's authority for
 * the rooms it makes (docs/publishing.md "Seat tickets in the lobby"). A player's ticket names its
 * seat of the revision's roster; the spectator's is a monitor ticket.
 */
export async function seatLinks(
  revision: PlayableRevision,
  roomId: string,
  playBase: string,
  roomsUrl: string,
  ticketSecret: string | null,
): Promise<SeatLink[]> {
  const page = `${playBase}/index.html`;
  if (!revision.hasLogic) return [{ label: "Play (solo)", kind: "solo", url: page }];
  const players = rosterOf(revision);
  const common = { server: roomsUrl, roomId, revisionId: revision.id, players: JSON.stringify(players) };
  const ticketOf = async (seatId: string, role: TicketRole, nickname: string): Promise<Record<string, string>> => {
    if (!ticketSecret) return {};
    const ticket = await mintSeatTicket(
      ticketSecret,
      { revisionId: revision.id, roomId, seatId, role, players, nickname },
      { ttlSeconds: LOBBY_TICKET_TTL_SECONDS },
    );
    return { ticket };
  };
  const links: SeatLink[] = [];
  for (const seat of players) {
    const nickname = seat.name ?? seat.id;
    const query = {
      ...common,
      seatId: seat.id,
      nickname,
      seatKind: "player",
      ...(await ticketOf(seat.id, "player", nickname)),
    };
    links.push({ label: nickname, kind: "player", url: `${page}?${new URLSearchParams(query)}` });
  }
  const spectator = {
    ...common,
    seatId: "spectator",
    nickname: "Spectator",
    monitor: "1",
    seatKind: "spectator",
    ...(await ticketOf("spectator", "monitor", "Spectator")),
  };
  links.push({ label: "Spectator", kind: "spectator", url: `${page}?${new URLSearchParams(spectator)}` });
  return links;
}
