/** A room as the operator console shows it. */
export interface RoomForOperator {
  started: boolean;
  /** Set once an operator closed the room. */
  closed: { at: number; message: string } | null;
  /** The pause holding the room: a seat's, or an operator's (`operator: true`). */
  paused: { by: string; operator: boolean } | null;
  /** The game clock stands still (a pause, or nobody present). */
  frozen: boolean;
  /** The roster's seat ids, and those online now. */
  seats: string[];
  seatsOnline: string[];
  /** Open sockets, observers and monitors included. */
  connections: number;
  /** Real time of the last connection, leave or client frame; null before any. */
  lastActivityAt: number | null;
}

/**
 * What the operator console may see and do of a room: its state now, document 3's platform pause
 * held by an operator (no seat lifts it), and closing it with a message to its seats. The rooms app
 * implements it (workers/rooms/ports/operator-rooms.ts: the room's Durable Object). Each answers
 * null for a room no connection ever reached (it has no record to show or change).
 */
export interface OperatorRoomsPort {
  view(revisionId: string, roomId: string): Promise<RoomForOperator | null>;
  pause(revisionId: string, roomId: string, paused: boolean): Promise<RoomForOperator | null>;
  close(revisionId: string, roomId: string, message: string): Promise<RoomForOperator | null>;
}
