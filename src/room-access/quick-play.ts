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
  /** Whether the room's game has started (its first socket came). */
  started: boolean;
  /** Seats with at least one open socket of a player (monitors and quiet observers do not count). */
  seatsOnline: string[];
}

/** A room stops taking visitors this long after it was made: an unfilled room nobody joins is not a trap. */
export const QUICK_PLAY_OPEN_MS = 10 * 60 * 1000;
/** At most this many open rooms are looked at per visitor; older ones beyond it leave the pool. */
export const QUICK_PLAY_POOL_LIMIT = 16;

export type QuickSeat = { roomId: string; seatId: string } | { roomId: null; seatId: null };

export interface QuickPlayLook {
  /** The seat to claim: one the visitor already holds, else the first free one of the oldest open room; none: a new room. */
  seat: QuickSeat;
  /** The rooms still open after this look, oldest first. */
  pool: PoolRoom[];
}

/**
 * A room whose game started and whose players all left is over: quick play seats nobody there.
 * (A room not started yet is waiting for its first players.)
 */
export function isFinished(status: LobbyStatus): boolean {
  if (!status.started) return false;
  return !Object.keys(status.holders).some((seatId) => status.seatsOnline.includes(seatId));
}

function isFull(status: LobbyStatus, seatIds: readonly string[]): boolean {
  return seatIds.every((seatId) => status.holders[seatId] !== undefined);
}

/**
 * Chooses the visitor's seat among the open rooms (oldest first): a seat the visitor already holds
 * in one (a reload of the play URL), else the first free seat of the oldest room that is neither
 * full nor finished nor older than QUICK_PLAY_OPEN_MS. Full, finished and stale rooms leave the pool.
 */
export function chooseQuickSeat(
  rooms: readonly { room: PoolRoom; status: LobbyStatus }[],
  uid: string,
  seatIds: readonly string[],
  now: number,
): QuickPlayLook {
  const open = rooms.filter(
    ({ room, status }) => now - room.openedAt < QUICK_PLAY_OPEN_MS && !isFinished(status) && !isFull(status, seatIds),
  );
  const pool = open.map(({ room }) => room);
  for (const { room, status } of open) {
    const held = seatIds.find((seatId) => status.holders[seatId] === uid);
    if (held) return { seat: { roomId: room.roomId, seatId: held }, pool };
  }
  for (const { room, status } of open) {
    const free = seatIds.find((seatId) => status.holders[seatId] === undefined);
    if (free) return { seat: { roomId: room.roomId, seatId: free }, pool };
  }
  return { seat: { roomId: null, seatId: null }, pool };
}
