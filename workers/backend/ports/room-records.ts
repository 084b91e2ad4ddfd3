import { and, eq } from "drizzle-orm";
import type { NewRoom, RoomRecord, RoomRecordsPort } from "../../../src/app-ports/room-records";
import { rooms } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";

/**
 * Room ids that begin with this are the lobby's (it makes `room-xxxxxxxx`). The backend refuses
 * them on POST /rooms and POST /rooms/tickets, so nobody can record such an id before the lobby
 * does, nor get a ticket for a room the lobby runs.
 */
export const LOBBY_ROOM_PREFIX = "room-";

export function isLobbyRoomId(roomId: string): boolean {
  return roomId.startsWith(LOBBY_ROOM_PREFIX);
}

export type { RoomRecord } from "../../../src/app-ports/room-records";

/**
 * The room records of BACKEND_DB (docs/rooms.md "Seat tickets"). The backend's POST /rooms and
 * the rooms app's lobby create them; this class is the port the backend hands the lobby, so the
 * rooms app never writes the backend's SQL itself.
 */
export class RoomRecords implements RoomRecordsPort {
  private readonly db: ReturnType<typeof backendDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number = Date.now,
  ) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  /**
   * The record of `room`'s (revisionId, roomId), made from `room` when there is none: the first
   * creation wins and a later one changes nothing (compare the answer's roster and `lobby`).
   * `created` says whether this call made it.
   */
  async create(room: NewRoom): Promise<{ record: RoomRecord; created: boolean }> {
    const [inserted, current] = await this.db.batch([
      this.db
        .insert(rooms)
        .values({ ...room, createdAt: new Date(this.now()) })
        .onConflictDoNothing()
        .returning({ roomId: rooms.roomId }),
      this.select(room.revisionId, room.roomId),
    ]);
    // The row exists after the insert, this call's or an earlier one's, and rows are never deleted.
    return { record: current[0] as RoomRecord, created: inserted.length > 0 };
  }

  async find(revisionId: string, roomId: string): Promise<RoomRecord | null> {
    return (await this.select(revisionId, roomId))[0] ?? null;
  }

  private select(revisionId: string, roomId: string) {
    return this.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.revisionId, revisionId), eq(rooms.roomId, roomId)))
      .limit(1);
  }
}
