import type { LobbyStatus } from "../../src/room-access/quick-play";
import { RoomStorage } from "./room-storage";
import { readAttachment } from "./socket-attachment";

/**
 * Who holds which seat of a room the play page's lobby made (docs/publishing.md): seat id to the
 * uid of the signed-in user who took it first. Kept under a storage key of its own, beside the
 * room record, so the room core never sees it.
 */
const LOBBY_SEATS_KEY = "lobby-seats";

export type LobbySeats = Record<string, string>;

export interface SeatClaim {
  seatId: string;
  uid: string;
}

/**
 * The seat holders after `claim`, if one is given: a free seat becomes the claimer's, a held one
 * stays its holder's (the caller compares). Synchronous storage calls with no await between the
 * read and the write, so two claims of one room never interleave: the first one wins.
 */
export function lobbySeats(storage: DurableObjectStorage, claim?: SeatClaim): LobbySeats {
  const seats = storage.kv.get<LobbySeats>(LOBBY_SEATS_KEY) ?? {};
  if (claim && seats[claim.seatId] === undefined) {
    seats[claim.seatId] = claim.uid;
    storage.kv.put(LOBBY_SEATS_KEY, seats);
  }
  return seats;
}

/** What quick play reads of a lobby room: its seat holders, whether its game started, which seats are online. */
export function lobbyStatus(storage: DurableObjectStorage, openSockets: WebSocket[]): LobbyStatus {
  const players = openSockets.map(readAttachment).filter((info) => !info.monitor && !info.quietObserver);
  return {
    holders: lobbySeats(storage),
    started: RoomStorage.read(storage)?.started ?? false,
    seatsOnline: [...new Set(players.map((info) => info.playerId))],
  };
}
