import { fill, type LobbyStrings } from "../../../src/lobby/lobby-strings";

/**
 * A room's name for people: two words picked by its id (`room-1a2b3c4d` reads "Amber Fox"), the
 * same in every lobby that shows the room, so players who share a link see that they are in one
 * room; each language has its own 16 + 16 words in the same order (src/lobby/lobby-strings/), so
 * the room is "琥珀のキツネ" to a Japanese reader of that link. Only a name: the link, with its
 * key, is what leads to the room.
 */

/** 32-bit FNV-1a of the id: any room id (a bare dev setup takes any) picks its words evenly. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function roomNameOf(roomId: string, words: LobbyStrings["roomName"]): string {
  const hash = hashOf(roomId);
  const colour = words.colours[hash % words.colours.length] ?? "";
  const animal = words.animals[(hash >>> 8) % words.animals.length] ?? "";
  return fill(words.format, { colour, animal });
}
