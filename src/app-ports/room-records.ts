import type { Seat } from "../engine/types";

/** A room whose roster the backend holds: every seat ticket of it carries `players`. */
export interface RoomRecord {
  revisionId: string;
  roomId: string;
  players: Seat[];
  creatorUid: string;
  /** Made by the lobby of a published game: its seats are taken there. */
  lobby: boolean;
  createdAt: Date;
}

export type NewRoom = Omit<RoomRecord, "createdAt">;

/**
 * The room records the backend holds (docs/rooms.md "Seat tickets"). The backend implements it
 * (workers/backend/ports/room-records.ts); platform/ hands it to the rooms app, whose lobby
 * records its rooms there, so the rooms app never writes the backend's SQL itself.
 */
export interface RoomRecordsPort {
  /**
   * The record of `room`'s (revisionId, roomId), made from `room` when there is none: the first
   * creation wins and a later one changes nothing. `created` says whether this call made it.
   */
  create(room: NewRoom): Promise<{ record: RoomRecord; created: boolean }>;
  find(revisionId: string, roomId: string): Promise<RoomRecord | null>;
}
