import { DurableObject } from "cloudflare:workers";
import { locationHintOf } from "../../src/room-access/connect-params";
import { chooseQuickSeat, type PoolRoom, QUICK_PLAY_POOL_LIMIT } from "../../src/room-access/quick-play";

const POOL_KEY = "pool";
/** Looks at the pool per visitor; the last one makes a new room (a seat can go through a room's own link meanwhile). */
const MAX_LOOKS = 3;

export interface QuickPlayRequest {
  revisionId: string;
  uid: string;
  /** The revision's player seats, p1…pN. */
  seatIds: string[];
  /** The id of the room to make when no open room has a free seat (the lobby makes room ids). */
  newRoomId: string;
}

/**
 * Quick play of one revision (docs/decisions.md "Quick play: one matchmaker per revision"): keeps
 * the open rooms of the revision's play URL, oldest first, and seats each visitor in one. Visitors
 * are served one at a time, a whole look-and-claim each, so two who arrive together take two
 * seats (of one room, when it has two free), never the same one. Who holds a seat stays the
 * room's own record (Room.lobbySeats), which the room's link may also claim: a seat taken that
 * way meanwhile makes the visitor look again.
 */
export class QuickPlay extends DurableObject<Env> {
  /** Real time for the pool's ages: tests move it instead of waiting. */
  clock: () => number = () => Date.now();
  private turn: Promise<unknown> = Promise.resolve();

  /** The seat this visitor gets: an open room's, or the first of a new room (then in the pool). */
  async seat(request: QuickPlayRequest): Promise<{ roomId: string; seatId: string }> {
    const mine = this.turn.then(() => this.seatNow(request));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /** The open rooms, oldest first (for tests). */
  async openRooms(): Promise<PoolRoom[]> {
    return this.pool();
  }

  private async seatNow({ revisionId, uid, seatIds, newRoomId }: QuickPlayRequest) {
    for (let look = 1; look <= MAX_LOOKS; look++) {
      const now = this.clock();
      const rooms = await Promise.all(
        this.pool().map(async (room) => ({ room, status: await this.room(revisionId, room.roomId).lobbyStatus() })),
      );
      const chosen = chooseQuickSeat(rooms, uid, seatIds, now);
      const pool = chosen.pool;
      let { roomId, seatId } = chosen.seat;
      if (roomId === null || seatId === null || look >= MAX_LOOKS) {
        roomId = newRoomId;
        seatId = seatIds[0] as string;
        pool.push({ roomId, openedAt: now });
      }
      const holders = await this.room(revisionId, roomId).lobbySeats({ seatId, uid });
      const full = seatIds.every((id) => holders[id] !== undefined);
      this.save(full ? pool.filter((room) => room.roomId !== roomId) : pool);
      if (holders[seatId] === uid) return { roomId, seatId };
    }
    // Only a new room's id already in use by others gets here.
    throw new Error(`Room ${newRoomId} was not free: quick play found no seat`);
  }

  private room(revisionId: string, roomId: string) {
    // The placement the room's sockets ask for (document 3's default), whichever call comes first.
    return this.env.ROOM.get(this.env.ROOM.idFromName(`${revisionId}/${roomId}`), {
      locationHint: locationHintOf(undefined),
    });
  }

  private pool(): PoolRoom[] {
    return this.ctx.storage.kv.get<PoolRoom[]>(POOL_KEY) ?? [];
  }

  private save(pool: PoolRoom[]): void {
    this.ctx.storage.kv.put(POOL_KEY, pool.slice(-QUICK_PLAY_POOL_LIMIT));
  }
}
