import { Hono } from "hono";
import { createApp } from "../../src/worker-kit/create-app";
import { type RoomsEnv, type RoomsPorts, withRoomsPorts } from "./rooms-ports";
import { basePageRoute } from "./routes/base-page";
import { devRoomRoutes } from "./routes/dev-rooms";
import { gameSocketRoute } from "./routes/game-socket";
import { lobbyRoutes } from "./routes/lobby";
import { lobbySeatRoutes } from "./routes/lobby-seats";
import { playRoutes } from "./routes/play";
import { quickPlayRoutes } from "./routes/quick-play";

/**
 * Multiplayer rooms (document 3): WebSocket upgrade to the Room Durable Object, and published
 * games in a browser (the lobby, its seats, the sandboxed game files).
 */
export function createRoomsApp(ports: RoomsPorts) {
  const routes = new Hono<RoomsEnv>()
    .use(withRoomsPorts(ports))
    .route("/", gameSocketRoute)
    .route("/", devRoomRoutes)
    .route("/", playRoutes)
    .route("/", lobbyRoutes)
    .route("/", lobbySeatRoutes)
    .route("/", quickPlayRoutes)
    .route("/", basePageRoute);
  return createApp("rooms").route("/", routes);
}
