import { type BaseUrl, urlFor } from "../../../src/base-url";
import type { UiLocale } from "../../../src/i18n/locales";

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

/**
 * `url` with `ui_locales` set to the language a visitor's own link asked for (null: none, and the
 * URL as it is). The lobby's ways onward (the sign-in's way back, a new private room, the address
 * the game plays under) keep it, so the reader stays in that language; the links to send others
 * never carry it, so each friend reads their own.
 */
export function withUiLocales(url: string, asked: UiLocale | null): string {
  if (!asked) return url;
  const target = new URL(url);
  target.searchParams.set("ui_locales", asked);
  return target.href;
}
