/**
 * The key of a room the lobby made (docs/publishing.md "Playing a published revision"): an HMAC
 * of "lobby:{revisionId}/{roomId}" under the rooms' ticket secret, carried in the lobby URL as
 * `key`. Seats are taken, and tickets minted, only in a room whose key the lobby made, so a room
 * id cannot name a room another authority (a host app) runs and get tickets for it.
 */
const KEY_BYTES = 16;

/** Room ids the lobby makes (room-xxxxxxxx) and accepts (any plain id where there is no key: bare dev). */
export const LOBBY_ROOM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A new room's id: `room-` and 8 hex digits (the backend keeps `room-…` ids for the lobby). */
export function newLobbyRoomId(): string {
  return `room-${crypto.randomUUID().slice(0, 8)}`;
}

async function hmacOf(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return new Uint8Array(mac).slice(0, KEY_BYTES);
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function lobbyRoomKey(secret: string, revisionId: string, roomId: string): Promise<string> {
  return base64url(await hmacOf(secret, `lobby:${revisionId}/${roomId}`));
}

/** Whether `key` is the lobby's key of that room (compared in constant time). */
export async function isLobbyRoomKey(
  secret: string,
  revisionId: string,
  roomId: string,
  key: string | undefined,
): Promise<boolean> {
  if (!key) return false;
  const expected = new TextEncoder().encode(await lobbyRoomKey(secret, revisionId, roomId));
  const given = new TextEncoder().encode(key);
  if (given.byteLength !== expected.byteLength) return false;
  return crypto.subtle.timingSafeEqual(given, expected);
}
