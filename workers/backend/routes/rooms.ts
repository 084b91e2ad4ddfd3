import { Hono } from "hono";
import { z } from "zod";
import { RATE_LIMITS } from "../../../src/config/rate-limits";
import { MAX_SEATS } from "../../../src/engine/roster";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { rateLimited } from "../../../src/worker-kit/rate-limit";
import { authenticate, type BackendEnv, requestUser } from "../auth";
import { CodeStore } from "../code/code-store";
import { isLobbyRoomId, LOBBY_ROOM_PREFIX, type RoomRecord, RoomRecords } from "../ports/room-records";

/**
 * A roster's JSON rides in every seat ticket, and a ticket in a socket URL's query (at most
 * 16 KiB, base64url a third larger): 8 KiB keeps every ticket of the room usable.
 */
const MAX_ROSTER_JSON_BYTES = 8 * 1024;

const rosterSchema = z
  .array(
    z.object({
      id: z.string().min(1).max(64),
      role: z.string().max(64).optional(),
      name: z.string().max(64).optional(),
    }),
  )
  .min(1, "a room needs at least one seat")
  .max(MAX_SEATS)
  .refine((seats) => new Set(seats.map((seat) => seat.id)).size === seats.length, "seat ids must be unique")
  .refine(
    (seats) => new TextEncoder().encode(JSON.stringify(seats)).byteLength <= MAX_ROSTER_JSON_BYTES,
    `at most ${MAX_ROSTER_JSON_BYTES} bytes of JSON`,
  );

const bodySchema = z.object({
  revisionId: roomIdSchema,
  players: rosterSchema,
  roomId: z
    .undefined({ error: "rooms are named by the platform: leave roomId out and use the roomId of the answer" })
    .optional(),
});

/** App rooms' ids: minted here, so nobody can name (and take) a room an app is about to make. */
export const APP_ROOM_PREFIX = "app-";

function newAppRoomId(): string {
  return `${APP_ROOM_PREFIX}${crypto.randomUUID().replaceAll("-", "")}`;
}

/**
 * 403 `lobby_room` for a room of the lobby's (its id, or its record): its seats are taken in the
 * lobby, which checks the room's key and who holds which seat, never through the backend's routes.
 */
export function refuseLobbyRoom(roomId: string, record?: RoomRecord | null): void {
  if (isLobbyRoomId(roomId) || record?.lobby) {
    throw new ApiError(
      403,
      "lobby_room",
      `Room ${roomId} is a lobby's (ids beginning with ${LOBBY_ROOM_PREFIX} are): take a seat through its lobby link.`,
    );
  }
}

/**
 * POST /rooms: records a new room of a published revision with its roster, for an app (docs/rooms.md
 * "Seat tickets"), and answers 201 `{revisionId, roomId, players}`. The room's id is minted here
 * (`app-` and 32 hex digits), never the caller's, so no one can take a room id before the app
 * that means to use it; the caller is the room's creator, its only owner (POST /rooms/tickets).
 * Rate-limited per user (429 `rate_limited`).
 */
export const roomsRoute = new Hono<BackendEnv>().post(
  "/rooms",
  smallJsonBody,
  authenticate({ required: true }),
  rateLimited<BackendEnv>(RATE_LIMITS.roomRecords, (c) => requestUser(c).uid),
  async (c) => {
    const { uid } = requestUser(c);
    const { revisionId, players } = await jsonInput(c.req.raw, bodySchema);
    const revision = await new CodeStore(c.env.BACKEND_DB).revision(revisionId);
    if (!revision) throw new ApiError(404, "revision_not_found", `No published revision ${revisionId}.`);
    if (!revision.hasLogic) throw new ApiError(404, "no_rooms", "This game is played alone: it has no rooms.");
    const roomId = newAppRoomId();
    const { record, created } = await new RoomRecords(c.env.BACKEND_DB).create({
      revisionId,
      roomId,
      players,
      creatorUid: uid,
      lobby: false,
    });
    // 122 random bits: a clash is as good as impossible, but never hand out someone else's room.
    if (!created) throw new Error(`Room id ${roomId} was minted twice`);
    c.header("cache-control", "no-store");
    return c.json({ revisionId, roomId, players: record.players }, 201);
  },
);
