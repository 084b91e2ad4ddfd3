import type { OperatorRoomsPort } from "../../../src/app-ports/operator-rooms";

/**
 * The rooms app's side of the operator console (src/app-ports/operator-rooms.ts): each call reaches
 * the room's Durable Object, ROOM.idFromName(revisionId + "/" + roomId), as a connection does.
 */
export function operatorRooms(env: Pick<Env, "ROOM">): OperatorRoomsPort {
  const room = (revisionId: string, roomId: string) => env.ROOM.get(env.ROOM.idFromName(`${revisionId}/${roomId}`));
  return {
    view: (revisionId, roomId) => room(revisionId, roomId).operatorView(),
    pause: (revisionId, roomId, paused) => room(revisionId, roomId).operatorPause(paused),
    close: (revisionId, roomId, message) => room(revisionId, roomId).operatorClose(message),
  };
}
