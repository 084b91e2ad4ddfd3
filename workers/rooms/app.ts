import { createApp } from "../shared/create-app";
import { devStatsRoute } from "./routes/dev-stats";
import { gameSocketRoute } from "./routes/game-socket";
import { playRoutes } from "./routes/play";

/** Multiplayer rooms (document 3): WebSocket upgrade to the Room Durable Object. */
export function createRoomsApp() {
  return createApp("rooms").route("/", gameSocketRoute).route("/", devStatsRoute).route("/", playRoutes);
}
