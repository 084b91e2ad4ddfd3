import { createApp } from "../shared/create-app";

/** Multiplayer rooms (document 3): WebSocket upgrade to the Room Durable Object, dev harness. */
export function createRoomsApp() {
  return createApp("rooms");
}
