import type { RoomForOperator } from "../../../durable-objects/room/operator-controls";

export type { RoomForOperator } from "../../../durable-objects/room/operator-controls";

/**
 * The rooms app's port for the operator console (workers/backend/console): what one room is like
 * now, and the two things an operator may do to it: hold document 3's platform pause (only an
 * operator lifts it), and close it with a message to its seats. Each call reaches the room's
 * Durable Object, ROOM.idFromName(revisionId + "/" + roomId), as a connection does; null for a
 * room no connection ever reached (it has no record to show or change).
 */
export interface OperatorRooms {
  view(revisionId: string, roomId: string): Promise<RoomForOperator | null>;
  pause(revisionId: string, roomId: string, paused: boolean): Promise<RoomForOperator | null>;
  close(revisionId: string, roomId: string, message: string): Promise<RoomForOperator | null>;
}

export function operatorRooms(env: Pick<Env, "ROOM">): OperatorRooms {
  const room = (revisionId: string, roomId: string) => env.ROOM.get(env.ROOM.idFromName(`${revisionId}/${roomId}`));
  return {
    view: (revisionId, roomId) => room(revisionId, roomId).operatorView(),
    pause: (revisionId, roomId, paused) => room(revisionId, roomId).operatorPause(paused),
    close: (revisionId, roomId, message) => room(revisionId, roomId).operatorClose(message),
  };
}
