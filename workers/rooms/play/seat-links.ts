import { type BaseUrl, formatBaseUrl, urlFor } from "../../../src/base-url";
import type { Seat } from "../../../src/engine/types";
import { SPECTATOR_SEAT } from "../../../src/lobby/seat-label";
import type { PublishedRevision } from "../../../src/publishing/revision";

/** A place in a lobby room: a player seat of the roster, or the spectator (a monitor connection). */
export interface LobbySeat {
  id: string;
  /** Its name in the game and in the seat calls' answers ("Player 1"); the lobby's page names it in its reader's language. */
  name: string;
  kind: "player" | "spectator";
}

/** Seats of a published game: p1..pN, N from the manifest's playerCount (2 when it has none). */
export function rosterOf(revision: PublishedRevision): Seat[] {
  const count = revision.playerCount ?? 2;
  return Array.from({ length: count }, (_, index) => ({ id: `p${index + 1}`, name: `Player ${index + 1}` }));
}

/** The lobby's places of a room: the roster's seats, then the spectator. */
export function lobbySeatsOf(revision: PublishedRevision): LobbySeat[] {
  const players = rosterOf(revision).map(
    (seat): LobbySeat => ({ id: seat.id, name: seat.name ?? seat.id, kind: "player" }),
  );
  return [...players, { id: SPECTATOR_SEAT, name: "Spectator", kind: "spectator" }];
}

/** The page of a published game: its index.html under /play/{revisionId}/ (sandboxed, play-files.ts). */
export function gamePageUrl(rooms: BaseUrl, revisionId: string): string {
  return urlFor(rooms, `/play/${revisionId}/index.html`);
}

/**
 * The game page for one place of a lobby room: the client's index.html with the parameters a
 * host app gives a scenario page (document 3, SDK mode selection) and, where tickets are in use,
 * the seat's own lobby link (`lobby`) and its seat ticket in the fragment (`#ticket=`): a fragment
 * never travels in a request, and the SDK takes it out of the page's URL once read. The lobby
 * shows this page in a frame, so neither sits in the address bar. The one place these URLs are made.
 */
export function seatGameUrl(
  rooms: BaseUrl,
  revision: PublishedRevision,
  roomId: string,
  seat: LobbySeat,
  ticket?: { ticket: string; lobby: string },
): string {
  const query = new URLSearchParams({
    server: formatBaseUrl(rooms),
    roomId,
    revisionId: revision.id,
    players: JSON.stringify(rosterOf(revision)),
    seatId: seat.id,
    nickname: seat.name,
    seatKind: seat.kind,
    ...(seat.kind === "spectator" ? { monitor: "1" } : {}),
    // The seat's own lobby link: the SDK's way back to the lobby, and to a fresh ticket on a page of its own.
    ...(ticket ? { lobby: ticket.lobby } : {}),
  });
  const page = `${gamePageUrl(rooms, revision.id)}?${query}`;
  return ticket ? `${page}#${new URLSearchParams({ ticket: ticket.ticket })}` : page;
}
