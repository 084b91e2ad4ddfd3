import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { ClaimResult } from "../../../durable-objects/room/lobby-seats";
import type { Room } from "../../../durable-objects/room/room";
import type { RoomRecordsPort } from "../../../src/app-ports/room-records";
import type { PublishedRevision } from "../../../src/publishing/revision";
import { locationHintOf, roomIdSchema } from "../../../src/room-access/connect-params";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { isLobbyRoomKey, LOBBY_ROOM_ID } from "../play/lobby-room-key";
import { recordedLobbyRoster, refuseAppRoom, seatAnswer } from "../play/lobby-seat-tickets";
import { revisionOrThrow } from "../play/published-revision";
import { refusalResponse } from "../play/quick-play-refusal";
import { type LobbySeat, lobbySeatsOf, rosterOf } from "../play/seat-links";
import { type PlayerEnv, signedInPlayer } from "../signed-in-player";

const roomParams = z.object({
  revisionId: roomIdSchema,
  roomId: z.string().regex(LOBBY_ROOM_ID, "must be 1-64 letters, digits, '.', '_' or '-'"),
});
const keySchema = z.string().min(1, "key is required").max(64);
const seatsQuery = z.object({ key: keySchema });
const takeBody = z.object({ key: keySchema }).strict();

type SeatState = "free" | "taken" | "yours";

interface LobbyRoom {
  revision: PublishedRevision;
  roomId: string;
  ticketSecret: string;
  room: DurableObjectStub<Room>;
  records: RoomRecordsPort;
}

/**
 * The lobby room a seat call names: tickets in use here (503 `tickets_unavailable` otherwise),
 * a published game with rooms (404), and the key the lobby gave that room (403 `wrong_room_key`),
 * so the lobby hands out seats only in rooms it made.
 */
async function lobbyRoom(c: Context<PlayerEnv>, key: string): Promise<LobbyRoom> {
  const ids = roomParams.safeParse(c.req.param());
  if (!ids.success) {
    const issue = ids.error.issues[0];
    throw new ApiError(400, "invalid_room", `${issue?.path.join(".")}: ${issue?.message ?? "invalid"}`);
  }
  const { ticketSecret } = c.get("config").rooms;
  if (!ticketSecret) throw new ApiError(503, "tickets_unavailable", "Seat tickets are not configured here");
  const revision = await revisionOrThrow(c.get("ports").revisions(c.env), ids.data.revisionId);
  if (!revision.hasLogic) throw new ApiError(404, "no_rooms", "This game is played alone: it has no rooms or seats.");
  const { roomId } = ids.data;
  if (!(await isLobbyRoomKey(ticketSecret, revision.id, roomId, key))) {
    throw new ApiError(403, "wrong_room_key", "The key is not this room's: open the room's lobby link again.");
  }
  // The placement the room's sockets ask for (document 3's default), whichever call comes first.
  const room = c.env.ROOM.get(c.env.ROOM.idFromName(`${revision.id}/${roomId}`), {
    locationHint: locationHintOf(undefined),
  });
  return { revision, roomId, ticketSecret, room, records: c.get("ports").roomRecords(c.env) };
}

function stateOf(holder: string | undefined, uid: string): SeatState {
  if (holder === undefined) return "free";
  return holder === uid ? "yours" : "taken";
}

/**
 * The seats of a lobby room, for a signed-in user (docs/publishing.md "Playing a published
 * revision"). A seat of the roster (p1…pN) belongs to the first user who takes it; the Room
 * Durable Object keeps who holds which (durable-objects/room/lobby-seats.ts). The first seat taken
 * records the room in the backend as a lobby room with that roster (`RoomRecords`, the port the
 * backend exports), so the backend's POST /rooms/tickets refuses it; a room id the backend recorded
 * for an app is no lobby's: 409 `not_a_lobby_room`.
 *
 * - GET /lobby/{revisionId}/{roomId}/seats?key=…: `{roomId, seats: [{id, name, state}]}`, state
 *   `free`, `taken` (by someone else) or `yours`.
 * - POST /lobby/{revisionId}/{roomId}/seats/{seatId} `{key}`: takes the seat (or takes it again)
 *   and answers `{seatId, role, ticket, expiresIn, gameUrl}`: a player ticket for the seat, or a
 *   monitor ticket for `spectator`, which anyone signed in may have; 409 `seat_taken` for another
 *   user's seat, 409 `one_seat_each` for a second seat of one user, 404 `seat_not_found` for a
 *   seat the game does not have. A free seat of a quick-play room is taken through its matchmaker,
 *   on lease (routes/quick-play.ts), with its refusals (429).
 */
export const lobbySeatRoutes = new Hono<PlayerEnv>()
  .get("/lobby/:revisionId/:roomId/seats", signedInPlayer, async (c) => {
    const query = seatsQuery.safeParse(c.req.query());
    if (!query.success) throw new ApiError(400, "invalid_request", `key: ${query.error.issues[0]?.message}`);
    const { revision, roomId, room, records } = await lobbyRoom(c, query.data.key);
    refuseAppRoom(await records.find(revision.id, roomId));
    const holders = await room.lobbySeats();
    const uid = c.get("uid");
    const seats = rosterOf(revision).map((seat) => ({
      id: seat.id,
      name: seat.name ?? seat.id,
      state: stateOf(holders[seat.id], uid),
    }));
    c.header("cache-control", "no-store");
    return c.json({ roomId, seats });
  })
  .post("/lobby/:revisionId/:roomId/seats/:seatId", smallJsonBody, signedInPlayer, async (c) => {
    const { key } = await jsonInput(c.req.raw, takeBody);
    const lobby = await lobbyRoom(c, key);
    const { revision, roomId, room, ticketSecret } = lobby;
    const seatId = c.req.param("seatId");
    const seat = lobbySeatsOf(revision).find((candidate) => candidate.id === seatId);
    if (!seat) throw new ApiError(404, "seat_not_found", `This game has no seat ${seatId}.`);
    const uid = c.get("uid");
    const players = await recordedLobbyRoster(lobby.records, revision, roomId, uid);
    let hold: string | undefined;
    if (seat.kind === "player") {
      let claim: ClaimResult = await room.claimLobbySeat({ seatId: seat.id, uid });
      if (claim.outcome === "quick_play") {
        // A free seat of a room quick play made: its matchmaker hands it out, on lease like its own.
        const matchmaker = c.env.QUICK_PLAY.get(c.env.QUICK_PLAY.idFromName(revision.id));
        const answer = await matchmaker.takeLinkSeat({ revisionId: revision.id, roomId, seatId: seat.id, uid });
        if (answer.refused) return refusalResponse(answer.refused);
        claim = answer.claim;
      }
      hold = heldOrThrow(claim, seat);
    }
    c.header("cache-control", "no-store");
    return c.json(
      await seatAnswer({ rooms: c.get("config").apps.rooms, ticketSecret, revision, roomId, seat, players, hold }),
    );
  });

/** The claimer's hold of the seat, or 409 `seat_taken` / `one_seat_each`. */
function heldOrThrow(claim: ClaimResult, seat: LobbySeat): string {
  if (claim.hold !== null) return claim.hold;
  if (claim.outcome === "one_seat_each") {
    throw new ApiError(409, "one_seat_each", "You already hold another seat of this room: one seat per player.");
  }
  throw new ApiError(409, "seat_taken", `${seat.name} is taken by another player: pick a free seat.`);
}
