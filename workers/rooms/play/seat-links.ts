import type { Seat } from "../../../src/engine/types";

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

/**
 * The links the lobby hands out for one room: one per seat and a spectator link (a monitor
 * connection), each the client's index.html with the parameters a host app gives a scenario page
 * (document 3, SDK mode selection). A solo scenario gets one link with no room: solo mode.
 *
 * This is the one place seat links are made: when signed seat tickets exist, the ticket of each
 * seat is added here (as one more query parameter), obtained for the signed-in user.
 */
export function seatLinks(revision: PlayableRevision, roomId: string, playBase: string, roomsUrl: string): SeatLink[] {
  const page = `${playBase}/index.html`;
  if (!revision.hasLogic) return [{ label: "Play (solo)", kind: "solo", url: page }];
  const roster = rosterOf(revision);
  const common = { server: roomsUrl, roomId, revisionId: revision.id, players: JSON.stringify(roster) };
  const links: SeatLink[] = roster.map((seat) => ({
    label: seat.name ?? seat.id,
    kind: "player",
    url: `${page}?${new URLSearchParams({ ...common, seatId: seat.id, nickname: seat.name ?? seat.id, seatKind: "player" })}`,
  }));
  links.push({
    label: "Spectator",
    kind: "spectator",
    url: `${page}?${new URLSearchParams({ ...common, seatId: "spectator", nickname: "Spectator", monitor: "1", seatKind: "spectator" })}`,
  });
  return links;
}
