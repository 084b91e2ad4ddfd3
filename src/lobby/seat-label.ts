import { fill, type LobbyScriptStrings } from "./lobby-strings";

/** The spectator's seat id: the roster's ids are p1…pN, so it never names a player. */
export const SPECTATOR_SEAT = "spectator";

/**
 * A seat's name for people in the page's language: "Player 2" for `p2`, "Spectator"; another id
 * as it is. The lobby's rosters are p1…pN named "Player N" (workers/rooms/play/seat-links.ts),
 * which the game itself shows; the lobby names the seat in its reader's language.
 */
export function seatLabel(strings: LobbyScriptStrings, seatId: string): string {
  if (seatId === SPECTATOR_SEAT) return strings.spectator;
  const player = /^p(\d+)$/.exec(seatId);
  return player ? fill(strings.player, { n: Number(player[1]) }) : seatId;
}
