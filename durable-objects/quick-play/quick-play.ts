import { DurableObject } from "cloudflare:workers";
import { locationHintOf } from "../../src/room-access/connect-params";
import {
  chooseQuickSeat,
  isInPlay,
  type LobbyStatus,
  openLeases,
  type PoolRoom,
  QUICK_PLAY_LAPSE_COOLDOWN_MS,
  QUICK_PLAY_LEASE_MS,
  QUICK_PLAY_POOL_LIMIT,
  quickPlayRefusal,
  roomInPlay,
  type SeatLease,
  withFilledRooms,
  withPoolRoom,
} from "../../src/room-access/quick-play";
import type { ClaimResult } from "../room/lobby-seats";

const POOL_KEY = "pool";
const LEASES_KEY = "leases";
/** Rooms quick play filled, newest last (QUICK_PLAY_FILLED_LIMIT): what a visitor who finds no free seat may watch. */
const FILLED_KEY = "filled";
/** uid to the time its cooldown ends, after a seat of theirs went back untaken. */
const COOLDOWNS_KEY = "cooldowns";
/** The revision this object seats visitors of (its alarm needs it to reach the rooms). */
const REVISION_KEY = "revision";
const leaseKey = (lease: SeatLease) => `${lease.roomId}/${lease.seatId}/${lease.uid}`;
/** Looks at the pool per visitor; the last one makes a new room (a seat can go through a room's own link meanwhile). */
const MAX_LOOKS = 3;

export interface QuickPlayRequest {
  revisionId: string;
  uid: string;
  /** The revision's player seats, p1…pN. */
  seatIds: string[];
  /** The id of the room to make when no open room has a free seat (the lobby makes room ids). */
  newRoomId: string;
  /**
   * With no free seat anywhere: `new_room` seats the visitor in a new room; `ask` answers the room
   * in play of the players who came before instead, when there is one, and seats nobody.
   */
  ifFull: "new_room" | "ask";
}

/** A seat of a quick-play room taken through that room's own lobby link. */
export interface LinkSeatRequest {
  revisionId: string;
  roomId: string;
  seatId: string;
  uid: string;
}

export interface QuickPlayRefusal {
  code: string;
  message: string;
  retryAfterSeconds: number;
}

export type QuickPlayAnswer =
  | { seat: { roomId: string; seatId: string; hold: string }; refused?: undefined; full?: undefined }
  | { refused: QuickPlayRefusal; seat?: undefined; full?: undefined }
  | { full: { roomId: string }; seat?: undefined; refused?: undefined };

export type LinkSeatAnswer = { claim: ClaimResult; refused?: undefined } | { refused: QuickPlayRefusal };

/**
 * Quick play of one revision (docs/decisions/0098-quick-play-one-matchmaker-per-revision.md "Quick play: one matchmaker per revision"): keeps
 * the open rooms of the revision's play URL, oldest first, and seats each visitor in one. Visitors
 * are served one at a time, a whole look-and-claim each, so two who arrive together take two
 * seats (of one room, when it has two free), never the same one. Who holds a seat stays the
 * room's own record (Room.claimLobbySeat).
 *
 * Every seat it hands out is on lease (docs/decisions/0116-quick-play-a-seat-nobody-takes-goes-back-app.md "Quick play: a seat nobody takes goes
 * back"): unless a socket of its holder comes within QUICK_PLAY_LEASE_MS, the room gives the seat
 * back (its tickets stop working) at this object's alarm, or at the first look after that time,
 * and the room is open to the next visitor again. An account holds one such seat at a time (it
 * gets the same one again), and one whose seat went back untaken waits a cooldown for a new one.
 * Seats a quick-play room's own link takes come here too, under the same rules.
 */
export class QuickPlay extends DurableObject<Env> {
  /** Real time for the pool's ages and the leases: tests move it instead of waiting. */
  clock: () => number = () => Date.now();
  private turn: Promise<unknown> = Promise.resolve();

  /** The seat this visitor gets: an open room's, or the first of a new room (then in the pool); or a refusal. */
  seat(request: QuickPlayRequest): Promise<QuickPlayAnswer> {
    return this.inTurn(() => this.seatNow(request));
  }

  /** Claims a free seat of a quick-play room for the user of its lobby link, on lease; or a refusal. */
  takeLinkSeat(request: LinkSeatRequest): Promise<LinkSeatAnswer> {
    return this.inTurn(() => this.linkSeatNow(request));
  }

  /** The earliest lease ran out: its seat goes back unless a socket took it. */
  override alarm(): Promise<void> {
    return this.inTurn(() => this.settle(this.clock()));
  }

  /** The open rooms, oldest first (for tests). */
  async openRooms(): Promise<PoolRoom[]> {
    return this.pool();
  }

  /** The seats on lease (for tests). */
  async seatLeases(): Promise<SeatLease[]> {
    return this.leases();
  }

  /** Runs calls one at a time, each whole; a thrown call does not break the chain. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const mine = this.turn.then(work);
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async seatNow({ revisionId, uid, seatIds, newRoomId, ifFull }: QuickPlayRequest): Promise<QuickPlayAnswer> {
    this.ctx.storage.kv.put(REVISION_KEY, revisionId);
    const now = this.clock();
    await this.settle(now);
    // A seat handed to this account that no socket took yet: the same seat again, its lease running on.
    const leased = this.leases().find((lease) => lease.uid === uid);
    if (leased) {
      const again = await this.room(leased.roomId).claimLobbySeat({ seatId: leased.seatId, uid, quickPlay: true });
      if (again.hold !== null) return { seat: { roomId: leased.roomId, seatId: leased.seatId, hold: again.hold } };
      this.saveLeases(this.leases().filter((lease) => leaseKey(lease) !== leaseKey(leased)));
    }
    for (let look = 1; look <= MAX_LOOKS; look++) {
      const pool = this.pool();
      const filled = this.filled().filter((room) => !pool.some((open) => open.roomId === room.roomId));
      const statuses = new Map<string, LobbyStatus>(
        await Promise.all(
          [...pool, ...filled].map(async (room) => [room.roomId, await this.room(room.roomId).lobbyStatus()] as const),
        ),
      );
      const leases = openLeases(this.leases(), statuses);
      this.saveLeases(leases);
      const withStatus = (room: PoolRoom) => ({ room, status: statuses.get(room.roomId) as LobbyStatus });
      const rooms = pool.map(withStatus);
      const filledRooms = filled.map(withStatus);
      const chosen = chooseQuickSeat(rooms, leases, uid, seatIds, now, filledRooms);
      // The filled rooms still in play are remembered (a reload finds its seat there; a newcomer hears of them).
      const stillFilled = filledRooms.filter(({ room, status }) => isInPlay(room, status, seatIds, now));
      const remembered = stillFilled.map(({ room }) => room);
      this.saveFilled(withFilledRooms(remembered, chosen.filled));
      let { roomId, seatId } = chosen.seat;
      let openedAt = [...pool, ...filled].find((room) => room.roomId === roomId)?.openedAt ?? now;
      const newRoom = roomId === null || seatId === null || (look >= MAX_LOOKS && !chosen.held);
      if (newRoom && ifFull === "ask") {
        const playing = roomInPlay([...rooms, ...filledRooms], seatIds, now);
        if (playing) {
          this.savePool(chosen.pool);
          return { full: { roomId: playing.roomId } };
        }
      }
      if (newRoom || !chosen.held) {
        const refused = quickPlayRefusal(uid, leases, this.cooldowns()[uid], now);
        if (refused) return { refused };
      }
      const nextPool = chosen.pool;
      if (newRoom || roomId === null || seatId === null) {
        roomId = newRoomId;
        seatId = seatIds[0] as string;
        openedAt = now;
        nextPool.push({ roomId, openedAt });
      }
      const claim = await this.room(roomId).claimLobbySeat({ seatId, uid, quickPlay: true });
      this.savePool(nextPool);
      if (claim.outcome === "claimed") this.lease({ roomId, seatId, uid, openedAt, until: now + QUICK_PLAY_LEASE_MS });
      if (claim.hold !== null) return { seat: { roomId, seatId, hold: claim.hold } };
    }
    // Only a new room's id already in use by others gets here.
    throw new Error(`Room ${newRoomId} was not free: quick play found no seat`);
  }

  private async linkSeatNow({ revisionId, roomId, seatId, uid }: LinkSeatRequest): Promise<LinkSeatAnswer> {
    this.ctx.storage.kv.put(REVISION_KEY, revisionId);
    const now = this.clock();
    await this.settle(now);
    const refused = quickPlayRefusal(uid, this.leases(), this.cooldowns()[uid], now);
    if (refused) return { refused };
    const claim = await this.room(roomId).claimLobbySeat({ seatId, uid, quickPlay: true });
    if (claim.outcome === "claimed") {
      const openedAt = this.pool().find((room) => room.roomId === roomId)?.openedAt ?? now;
      this.lease({ roomId, seatId, uid, openedAt, until: now + QUICK_PLAY_LEASE_MS });
    }
    return { claim };
  }

  /**
   * Ends the leases due at `now`: the room gives each seat back unless a socket of its holder came
   * (Room.releaseLobbySeat decides, atomically with the sockets it admits). A seat given back
   * puts its room back in the pool and its holder in the cooldown.
   */
  private async settle(now: number): Promise<void> {
    const due = this.leases().filter((lease) => lease.until <= now);
    const stored = this.cooldowns();
    const cooldowns = Object.fromEntries(Object.entries(stored).filter(([, until]) => until > now));
    let pool = this.pool();
    for (const lease of due) {
      if (await this.room(lease.roomId).releaseLobbySeat({ seatId: lease.seatId, uid: lease.uid })) {
        cooldowns[lease.uid] = now + QUICK_PLAY_LAPSE_COOLDOWN_MS;
        pool = withPoolRoom(pool, { roomId: lease.roomId, openedAt: lease.openedAt });
      }
    }
    if (Object.keys(cooldowns).length !== Object.keys(stored).length || due.length > 0) {
      this.ctx.storage.kv.put(COOLDOWNS_KEY, cooldowns);
    }
    if (due.length === 0) return;
    const ended = new Set(due.map(leaseKey));
    this.savePool(pool);
    this.saveLeases(this.leases().filter((lease) => !ended.has(leaseKey(lease))));
  }

  private lease(lease: SeatLease): void {
    this.saveLeases([...this.leases(), lease]);
  }

  private room(roomId: string) {
    const revisionId = this.ctx.storage.kv.get<string>(REVISION_KEY) as string;
    // The placement the room's sockets ask for (document 3's default), whichever call comes first.
    return this.env.ROOM.get(this.env.ROOM.idFromName(`${revisionId}/${roomId}`), {
      locationHint: locationHintOf(undefined),
    });
  }

  private pool(): PoolRoom[] {
    return this.ctx.storage.kv.get<PoolRoom[]>(POOL_KEY) ?? [];
  }

  private savePool(pool: PoolRoom[]): void {
    this.ctx.storage.kv.put(POOL_KEY, pool.slice(-QUICK_PLAY_POOL_LIMIT));
  }

  private filled(): PoolRoom[] {
    return this.ctx.storage.kv.get<PoolRoom[]>(FILLED_KEY) ?? [];
  }

  private saveFilled(filled: PoolRoom[]): void {
    this.ctx.storage.kv.put(FILLED_KEY, filled);
  }

  private leases(): SeatLease[] {
    return this.ctx.storage.kv.get<SeatLease[]>(LEASES_KEY) ?? [];
  }

  private cooldowns(): Record<string, number> {
    return this.ctx.storage.kv.get<Record<string, number>>(COOLDOWNS_KEY) ?? {};
  }

  /** Stores the leases and moves the alarm to the earliest one's end (none: no alarm). */
  private saveLeases(leases: SeatLease[]): void {
    this.ctx.storage.kv.put(LEASES_KEY, leases);
    const next = Math.min(...leases.map((lease) => lease.until));
    if (Number.isFinite(next)) void this.ctx.storage.setAlarm(next);
    else void this.ctx.storage.deleteAlarm();
  }
}
