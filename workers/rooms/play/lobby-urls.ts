import { type BaseUrl, urlFor } from "../../../src/base-url";

/**
 * The lobby of a published game lives under /lobby/{revisionId}/, outside /play/: the sign-in
 * service refuses every redirect_uri under /play/ (the authors' files), and the lobby is a
 * sign-in redirect target. /play/{revisionId}/ sends the browser here.
 */
export function lobbyUrl(
  rooms: BaseUrl,
  revisionId: string,
  room?: { roomId: string; key: string | null; seat?: string },
): string {
  const url = urlFor(rooms, `/lobby/${revisionId}/`);
  if (!room) return url;
  const query = new URLSearchParams({ room: room.roomId });
  if (room.key) query.set("key", room.key);
  // A seat's own link: the lobby takes that seat for whoever opens it, once signed in.
  if (room.seat) query.set("seat", room.seat);
  return `${url}?${query}`;
}

/** The seats of a lobby room: GET their state, POST …/{seatId} to take one (routes/lobby-seats.ts). */
export function seatsUrl(rooms: BaseUrl, revisionId: string, roomId: string): string {
  return urlFor(rooms, `/lobby/${revisionId}/${roomId}/seats`);
}

/** The game's play link, what `scenario publish` prints: /play/{revisionId}/ sends the browser to the lobby. */
export function playUrl(rooms: BaseUrl, revisionId: string): string {
  return urlFor(rooms, `/play/${revisionId}/`);
}
