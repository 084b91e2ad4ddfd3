/**
 * Quick play (docs/publishing.md "Quick play"): which seat of which open room a visitor of a
 * game's play URL gets. Pure: the QuickPlay Durable Object (one per revision) reads the rooms and
 * claims the seat; this decides.
 */

/** A room quick play made and may still seat visitors in, oldest first. */
export interface PoolRoom {
  roomId: string;
  /** Real time (ms) the room was made. */
  openedAt: number;
}

/** What a lobby room tells quick play (Room.lobbyStatus()). */
export interface LobbyStatus {
  /** Seat id to the uid holding it. */
  holders: Record<string, string>;
  /** Seats a socket of their holder came to since the seat was taken: their leases are over. */
  joined: string[];
  /** Whether the room's game has started (its first socket came). */
  started: boolean;
  /** Seats with at least one open socket of a player (monitors and quiet observers do not count). */
  seatsOnline: string[];
  /** An operator closed the room: it takes nobody any more. */
  closed?: boolean;
}

/** A seat quick play handed out and no socket of its holder has taken yet. */
export interface SeatLease {
  roomId: string;
  seatId: string;
  uid: string;
  /** When its room was made (the room comes back into the pool with it if the seat is given back). */
  openedAt: number;
  /** Real time (ms) the seat goes back to the pool unless a socket of its holder came by then. */
  until: number;
}

/**
 * A room nobody is online in stops taking visitors this long after it was made: an unfilled room
 * nobody joins is not a trap. (One where a player waits stays open: quick play fills it.)
 */
export const QUICK_PLAY_OPEN_MS = 10 * 60 * 1000;
/** At most this many open rooms are looked at per visitor; older ones beyond it leave the pool. */
export const QUICK_PLAY_POOL_LIMIT = 16;
/** A seat quick play hands out goes back to the pool unless its holder's socket comes within this time. */
export const QUICK_PLAY_LEASE_MS = 60 * 1000;
/** An account whose quick-play seat went back untaken gets no new quick-play seat for this long. */
export const QUICK_PLAY_LAPSE_COOLDOWN_MS = 5 * 60 * 1000;
/** Quick-play seats one account may hold untaken at once, per revision. */
export const QUICK_PLAY_OPEN_SEATS_PER_ACCOUNT = 1;
/**
 * Rooms quick play filled are remembered, newest last, up to this many: a visitor who finds no
 * free seat is told of the newest still in play (roomInPlay), which they may watch.
 */
export const QUICK_PLAY_FILLED_LIMIT = 4;

export type QuickSeat = { roomId: string; seatId: string } | { roomId: null; seatId: null };

export interface QuickPlayLook {
  /** The seat to claim: one the visitor already holds, else the first free one of the oldest open room; none: a new room. */
  seat: QuickSeat;
  /** Whether `seat` is one the visitor already holds. */
  held: boolean;
  /** The rooms still open after this look, oldest first. */
  pool: PoolRoom[];
  /** Rooms that left the pool at this look because every seat is held (not finished, not stale). */
  filled: PoolRoom[];
}

/**
 * A room whose game started and whose players all left is over, and so is a room an operator
 * closed: quick play seats nobody there. (A room not started yet is waiting for its first players.)
 */
export function isFinished(status: LobbyStatus): boolean {
  if (status.closed) return true;
  if (!status.started) return false;
  return !Object.keys(status.holders).some((seatId) => status.seatsOnline.includes(seatId));
}

export function isFull(status: LobbyStatus, seatIds: readonly string[]): boolean {
  return seatIds.every((seatId) => status.holders[seatId] !== undefined);
}

function isStale(room: PoolRoom, status: LobbyStatus, now: number): boolean {
  return now - room.openedAt >= QUICK_PLAY_OPEN_MS && status.seatsOnline.length === 0;
}

/**
 * Chooses the visitor's seat among the open rooms (oldest first): a seat the visitor already holds
 * in one, or in a filled room whose game is still on (`filled`: a reload of the play URL), else the
 * first free seat of the oldest room that is neither full nor finished nor stale (older than
 * QUICK_PLAY_OPEN_MS with nobody online). Finished and stale rooms leave the pool, and so do full
 * ones, unless a seat of theirs is still on lease (it may come back free).
 */
export function chooseQuickSeat(
  rooms: readonly { room: PoolRoom; status: LobbyStatus }[],
  leases: readonly SeatLease[],
  uid: string,
  seatIds: readonly string[],
  now: number,
  filled: readonly { room: PoolRoom; status: LobbyStatus }[] = [],
): QuickPlayLook {
  const live = rooms.filter(({ room, status }) => !isStale(room, status, now) && !isFinished(status));
  const leased = (roomId: string) => leases.some((lease) => lease.roomId === roomId);
  const stays = ({ room, status }: { room: PoolRoom; status: LobbyStatus }) =>
    !isFull(status, seatIds) || leased(room.roomId);
  const pool = live.filter(stays).map(({ room }) => room);
  const leaving = live.filter((entry) => !stays(entry)).map(({ room }) => room);
  const playing = filled.filter(({ room, status }) => isInPlay(room, status, seatIds, now));
  for (const { room, status } of [...live, ...playing]) {
    const held = seatIds.find((seatId) => status.holders[seatId] === uid);
    if (held) return { seat: { roomId: room.roomId, seatId: held }, held: true, pool, filled: leaving };
  }
  for (const { room, status } of live) {
    const free = seatIds.find((seatId) => status.holders[seatId] === undefined);
    if (free) return { seat: { roomId: room.roomId, seatId: free }, held: false, pool, filled: leaving };
  }
  return { seat: { roomId: null, seatId: null }, held: false, pool, filled: leaving };
}

/**
 * Whether a room's game may still be on: every seat is held, and it is neither finished (its
 * players all left after the start) nor stale (old, with nobody online).
 */
export function isInPlay(room: PoolRoom, status: LobbyStatus, seatIds: readonly string[], now: number): boolean {
  return isFull(status, seatIds) && !isFinished(status) && !isStale(room, status, now);
}

/**
 * The room a visitor who finds no free seat is told of: the newest in play of `rooms`, which is
 * the room of the players who came just before them; null when none is.
 */
export function roomInPlay(
  rooms: readonly { room: PoolRoom; status: LobbyStatus }[],
  seatIds: readonly string[],
  now: number,
): PoolRoom | null {
  const playing = rooms.filter(({ room, status }) => isInPlay(room, status, seatIds, now)).map(({ room }) => room);
  return playing.reduce<PoolRoom | null>(
    (newest, room) => (newest && newest.openedAt > room.openedAt ? newest : room),
    null,
  );
}

/** The remembered filled rooms with `added` (newest last, no repeats), at most QUICK_PLAY_FILLED_LIMIT. */
export function withFilledRooms(filled: readonly PoolRoom[], added: readonly PoolRoom[]): PoolRoom[] {
  const ids = new Set(added.map((room) => room.roomId));
  return [...filled.filter((room) => !ids.has(room.roomId)), ...added].slice(-QUICK_PLAY_FILLED_LIMIT);
}

/**
 * The leases still open after a look at their rooms: a lease ends when a socket of its holder came
 * (the seat is taken) or the seat is no longer its holder's. Leases of rooms not looked at stay.
 */
export function openLeases(leases: readonly SeatLease[], statuses: ReadonlyMap<string, LobbyStatus>): SeatLease[] {
  return leases.filter((lease) => {
    const status = statuses.get(lease.roomId);
    if (!status) return true;
    return status.holders[lease.seatId] === lease.uid && !status.joined.includes(lease.seatId);
  });
}

/** A refusal of a new quick-play seat for an account, or null: one seat on lease at a time, none while cooling down. */
export function quickPlayRefusal(
  uid: string,
  leases: readonly SeatLease[],
  cooldownUntil: number | undefined,
  now: number,
): { code: "quick_play_cooldown" | "too_many_open_seats"; message: string; retryAfterSeconds: number } | null {
  if (cooldownUntil !== undefined && cooldownUntil > now) {
    return {
      code: "quick_play_cooldown",
      message:
        "A seat quick play gave you was not taken in time and went to the next player: quick play seats you again later (a private room works meanwhile).",
      retryAfterSeconds: Math.ceil((cooldownUntil - now) / 1000),
    };
  }
  const mine = leases.filter((lease) => lease.uid === uid);
  if (mine.length >= QUICK_PLAY_OPEN_SEATS_PER_ACCOUNT) {
    const until = Math.min(...mine.map((lease) => lease.until));
    return {
      code: "too_many_open_seats",
      message:
        "You hold a quick-play seat you have not taken yet: open that game first (the play link gives it to you again).",
      retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
    };
  }
  return null;
}

/** The pool with `room` in it (oldest first), as when a seat of it comes back free. */
export function withPoolRoom(pool: readonly PoolRoom[], room: PoolRoom): PoolRoom[] {
  if (pool.some((entry) => entry.roomId === room.roomId)) return [...pool];
  return [...pool, room].sort((a, b) => a.openedAt - b.openedAt);
}
