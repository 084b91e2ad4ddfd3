import { CONNECT_HEADER, type ConnectParams } from "../../src/room-access/connect-params";
import type { LobbyStatus } from "../../src/room-access/quick-play";
import { errorResponse } from "../../src/worker-kit/errors";
import { RoomStorage } from "./room-storage";
import { readAttachment } from "./socket-attachment";

/**
 * Who holds which seat of a room the play page's lobby made (docs/publishing.md): seat id to the
 * uid of the signed-in user who took it first. Kept under a storage key of its own, beside the
 * room record, so the room core never sees it.
 */
const LOBBY_SEATS_KEY = "lobby-seats";
/**
 * Per seat taken, its hold: a random id every ticket of that seat carries, and whether a socket
 * of the seat came since. A hold given back (a quick-play seat nobody took in time) voids its tickets.
 */
const SEAT_HOLDS_KEY = "lobby-seat-holds";
/** Set when quick play made the room: its free seats are then handed out by quick play only (its leases). */
const QUICK_PLAY_KEY = "lobby-quick-play";

export type LobbySeats = Record<string, string>;

interface SeatHold {
  id: string;
  joined: boolean;
}
type SeatHolds = Record<string, SeatHold>;

export interface SeatClaim {
  seatId: string;
  uid: string;
  /** The claim is quick play's (its matchmaker's): the room becomes a quick-play room. */
  quickPlay?: boolean;
}

/**
 * - `claimed`: the seat was free and is the claimer's now; `yours`: it already was.
 * - `taken`: another user's. `one_seat_each`: the claimer holds another seat of this room.
 * - `quick_play`: a free seat of a quick-play room, which only quick play hands out (nothing changed).
 */
export type ClaimOutcome = "claimed" | "yours" | "taken" | "one_seat_each" | "quick_play";

export interface ClaimResult {
  outcome: ClaimOutcome;
  /** The hold the claimer's tickets carry (claimed, yours), else null. */
  hold: string | null;
}

export interface SeatRelease {
  seatId: string;
  uid: string;
}

/** The seat holders (seat id to uid). */
export function lobbySeats(storage: DurableObjectStorage): LobbySeats {
  return storage.kv.get<LobbySeats>(LOBBY_SEATS_KEY) ?? {};
}

function seatHolds(storage: DurableObjectStorage): SeatHolds {
  return storage.kv.get<SeatHolds>(SEAT_HOLDS_KEY) ?? {};
}

/**
 * Claims a seat for a user: a free seat becomes theirs unless they hold another seat of the room
 * (one seat per account) or quick play hands out this room's seats and the claim is not quick
 * play's. Synchronous storage calls with no await between the reads and the writes, so two
 * claims of one room never interleave: the first one wins.
 */
export function claimLobbySeat(storage: DurableObjectStorage, claim: SeatClaim): ClaimResult {
  const seats = lobbySeats(storage);
  const holds = seatHolds(storage);
  const holder = seats[claim.seatId];
  if (holder === claim.uid) {
    let hold = holds[claim.seatId];
    if (!hold) {
      // A seat taken before holds existed gets one now.
      hold = { id: crypto.randomUUID(), joined: false };
      storage.kv.put(SEAT_HOLDS_KEY, { ...holds, [claim.seatId]: hold });
    }
    return { outcome: "yours", hold: hold.id };
  }
  if (holder !== undefined) return { outcome: "taken", hold: null };
  if (Object.values(seats).includes(claim.uid)) return { outcome: "one_seat_each", hold: null };
  const quickPlayRoom = storage.kv.get<boolean>(QUICK_PLAY_KEY) === true;
  if (quickPlayRoom && !claim.quickPlay) return { outcome: "quick_play", hold: null };
  if (claim.quickPlay && !quickPlayRoom) storage.kv.put(QUICK_PLAY_KEY, true);
  const hold: SeatHold = { id: crypto.randomUUID(), joined: false };
  storage.kv.put(LOBBY_SEATS_KEY, { ...seats, [claim.seatId]: claim.uid });
  storage.kv.put(SEAT_HOLDS_KEY, { ...holds, [claim.seatId]: hold });
  return { outcome: "claimed", hold: hold.id };
}

/**
 * Gives a seat back (quick play, when its lease ran out): only while `uid` holds it and no socket
 * of the seat came. Its hold goes with it, so the tickets minted under it are refused from then
 * on. True when the seat was given back.
 */
export function releaseLobbySeat(storage: DurableObjectStorage, release: SeatRelease): boolean {
  const seats = lobbySeats(storage);
  const holds = seatHolds(storage);
  if (seats[release.seatId] !== release.uid || holds[release.seatId]?.joined) return false;
  delete seats[release.seatId];
  delete holds[release.seatId];
  storage.kv.put(LOBBY_SEATS_KEY, seats);
  storage.kv.put(SEAT_HOLDS_KEY, holds);
  return true;
}

/**
 * The room's side of a ticket's hold, before the socket is accepted: a ticket minted under a hold
 * the seat no longer has (given back, or held by someone else since) is refused with 409
 * `seat_released`; one under the seat's hold marks the seat taken by a socket, which ends a
 * quick-play lease. Tickets without a hold (other authorities', monitors') pass untouched. null:
 * admitted (the socket hooks take it from there).
 */
export function lobbySeatRefusal(storage: DurableObjectStorage, request: Request): Response | null {
  const connect = JSON.parse(request.headers.get(CONNECT_HEADER) ?? "null") as ConnectParams | null;
  if (!connect?.holdId) return null;
  const holds = seatHolds(storage);
  const hold = holds[connect.seatId];
  if (hold?.id !== connect.holdId) {
    return errorResponse(
      409,
      "seat_released",
      `Seat ${connect.seatId} was given back (nobody took it in time) or is someone else's now: open the game's link again.`,
    );
  }
  if (!hold.joined) storage.kv.put(SEAT_HOLDS_KEY, { ...holds, [connect.seatId]: { ...hold, joined: true } });
  return null;
}

/** What quick play reads of a lobby room: its seat holders, which came, whether its game started or was closed, which seats are online. */
export function lobbyStatus(storage: DurableObjectStorage, openSockets: WebSocket[]): LobbyStatus {
  const players = openSockets.map(readAttachment).filter((info) => !info.monitor && !info.quietObserver);
  const holds = seatHolds(storage);
  const record = RoomStorage.read(storage);
  return {
    holders: lobbySeats(storage),
    joined: Object.keys(holds).filter((seatId) => holds[seatId]?.joined),
    started: record?.started ?? false,
    seatsOnline: [...new Set(players.map((info) => info.playerId))],
    ...(record?.closed ? { closed: true } : {}),
  };
}
