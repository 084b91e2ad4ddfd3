import type { RoomRecord, RoomRecordsPort } from "../../../src/app-ports/room-records";
import type { BaseUrl } from "../../../src/base-url";
import type { Seat } from "../../../src/engine/types";
import type { PublishedRevision } from "../../../src/publishing/revision";
import type { SeatAnswer } from "../../../src/room-access/seat-answer";
import { MAX_TICKET_TTL_SECONDS, mintSeatTicket } from "../../../src/room-access/seat-ticket";
import { ApiError } from "../../../src/worker-kit/errors";
import { lobbyRoomKey } from "./lobby-room-key";
import { lobbyUrl } from "./lobby-urls";
import { type LobbySeat, rosterOf, seatGameUrl } from "./seat-links";

/** A lobby's tickets live an hour (the most a ticket may): a reconnect within a game needs no new one. */
export const LOBBY_TICKET_TTL_SECONDS = MAX_TICKET_TTL_SECONDS;

export function roleOf(seat: LobbySeat): "player" | "monitor" {
  return seat.kind === "player" ? "player" : "monitor";
}

/**
 * The roster of the backend's record of a lobby room, which the first seat taken in it makes (the
 * revision's p1…pN, as the lobby's): every ticket of the room carries it.
 */
export async function recordedLobbyRoster(
  records: RoomRecordsPort,
  revision: PublishedRevision,
  roomId: string,
  uid: string,
): Promise<Seat[]> {
  const { record } = await records.create({
    revisionId: revision.id,
    roomId,
    players: rosterOf(revision),
    creatorUid: uid,
    lobby: true,
  });
  refuseAppRoom(record);
  return record.players;
}

/**
 * 409 `not_a_lobby_room` for a room the backend recorded for an app. A second wall: the backend
 * refuses the lobby's room ids (`room-…`), so only a keyed id of another shape could meet one.
 */
export function refuseAppRoom(record: RoomRecord | null): void {
  if (record && !record.lobby) {
    throw new ApiError(
      409,
      "not_a_lobby_room",
      `Room ${record.roomId} is an app's room, not this lobby's: make a new room.`,
    );
  }
}

export interface SeatTicketRequest {
  rooms: BaseUrl;
  ticketSecret: string;
  revision: PublishedRevision;
  roomId: string;
  seat: LobbySeat;
  /** The room record's roster (the revision's p1…pN). */
  players: Seat[];
  /** The room's hold of a player's seat (Room.claimLobbySeat): the ticket is void once the seat is given back. */
  hold?: string;
}

/** A ticket for the seat (a player's, or a monitor's for the spectator) and the game page on it. */
export async function seatAnswer(request: SeatTicketRequest): Promise<SeatAnswer> {
  const { rooms, ticketSecret, revision, roomId, seat, players, hold } = request;
  const ticket = await mintSeatTicket(
    ticketSecret,
    { revisionId: revision.id, roomId, seatId: seat.id, role: roleOf(seat), players, nickname: seat.name, hold },
    { ttlSeconds: LOBBY_TICKET_TTL_SECONDS },
  );
  const key = await lobbyRoomKey(ticketSecret, revision.id, roomId);
  const lobby = lobbyUrl(rooms, revision.id, { roomId, key, seat: seat.id });
  return {
    seatId: seat.id,
    name: seat.name,
    role: roleOf(seat),
    ticket,
    expiresIn: LOBBY_TICKET_TTL_SECONDS,
    gameUrl: seatGameUrl(rooms, revision, roomId, seat, { ticket, lobby }),
  };
}
