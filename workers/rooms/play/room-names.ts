/**
 * A room's name for people: two words picked by its id (`room-1a2b3c4d` reads "Amber Fox"), the
 * same in every lobby that shows the room, so players who share a link see that they are in one
 * room. Only a name: the link, with its key, is what leads to the room.
 */
const COLOURS = [
  "Amber",
  "Blue",
  "Coral",
  "Golden",
  "Green",
  "Indigo",
  "Ivory",
  "Jade",
  "Lilac",
  "Olive",
  "Orange",
  "Pearl",
  "Ruby",
  "Silver",
  "Teal",
  "Violet",
] as const;
const ANIMALS = [
  "Badger",
  "Crane",
  "Dolphin",
  "Falcon",
  "Fox",
  "Gecko",
  "Heron",
  "Koala",
  "Lynx",
  "Otter",
  "Owl",
  "Panda",
  "Rabbit",
  "Seal",
  "Tiger",
  "Wren",
] as const;

/** 32-bit FNV-1a of the id: any room id (a bare dev setup takes any) picks its words evenly. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function roomNameOf(roomId: string): string {
  const hash = hashOf(roomId);
  return `${COLOURS[hash % COLOURS.length]} ${ANIMALS[(hash >>> 8) % ANIMALS.length]}`;
}
