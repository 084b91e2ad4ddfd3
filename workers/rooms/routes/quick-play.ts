import { Hono } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow, smallJsonBody } from "../../../src/worker-kit/input";
import { lobbyRoomKey, newLobbyRoomId } from "../play/lobby-room-key";
import { recordedLobbyRoster, seatAnswer } from "../play/lobby-seat-tickets";
import { lobbyUrl } from "../play/lobby-urls";
import { revisionOrThrow } from "../play/published-revision";
import { refusalResponse } from "../play/quick-play-refusal";
import { lobbySeatsOf, rosterOf } from "../play/seat-links";
import { type PlayerEnv, signedInPlayer } from "../signed-in-player";

/** The optional body: what to do when every room is full (a new room by default). */
const quickPlayBody = z.object({ ifFull: z.enum(["new_room", "ask"]).default("new_room") }).strict();

/**
 * POST /lobby/{revisionId}/quick-play (docs/publishing.md "Quick play"): seats the signed-in user
 * in an open room of the revision (the seat they already hold in one, else the first free seat of
 * the oldest; full, finished and private rooms are skipped), else in a new room, and answers
 * `{roomId, seatId, role, ticket, expiresIn, gameUrl, lobbyUrl, key}`. With `{"ifFull": "ask"}`
 * and no free seat anywhere, a room in play (the newest full one: the players who came just
 * before) is answered instead, `{full: {roomId, key, seats}}`, so the page can offer to watch it
 * or to wait in a new room. The QuickPlay Durable Object of the revision serves its visitors one at
 * a time, so two at once never get the same seat. The seat is on lease: no socket within a
 * minute, and it goes to the next visitor (its ticket is void); 429 `too_many_open_seats` /
 * `quick_play_cooldown` with Retry-After for an account that may not have a new one now.
 */
export const quickPlayRoutes = new Hono<PlayerEnv>().post(
  "/lobby/:revisionId/quick-play",
  smallJsonBody,
  signedInPlayer,
  async (c) => {
    const revisionId = c.req.param("revisionId");
    if (!roomIdSchema.safeParse(revisionId).success) {
      throw new ApiError(400, "invalid_room", "revisionId: must be a plain id");
    }
    const { ifFull } = parseOrThrow(quickPlayBody, await optionalJson(c.req.raw));
    const { ticketSecret } = c.get("config").rooms;
    if (!ticketSecret) throw new ApiError(503, "tickets_unavailable", "Seat tickets are not configured here");
    const revision = await revisionOrThrow(c.get("ports").revisions(c.env), revisionId);
    if (!revision.hasLogic) throw new ApiError(404, "no_rooms", "This game is played alone: it has no rooms or seats.");
    const uid = c.get("uid");
    const matchmaker = c.env.QUICK_PLAY.get(c.env.QUICK_PLAY.idFromName(revision.id));
    const answer = await matchmaker.seat({
      revisionId: revision.id,
      uid,
      seatIds: rosterOf(revision).map((seat) => seat.id),
      newRoomId: newLobbyRoomId(),
      ifFull,
    });
    c.header("cache-control", "no-store");
    if (answer.refused) return refusalResponse(answer.refused);
    const rooms = c.get("config").apps.rooms;
    if (answer.full) {
      const { roomId } = answer.full;
      const key = await lobbyRoomKey(ticketSecret, revision.id, roomId);
      const seats = rosterOf(revision).map((seat) => ({ id: seat.id, name: seat.name ?? seat.id }));
      return c.json({ full: { roomId, key, seats } });
    }
    const { roomId, seatId, hold } = answer.seat;
    const seat = lobbySeatsOf(revision).find((place) => place.id === seatId);
    if (!seat) throw new Error(`quick play gave seat ${seatId}, which the revision does not have`);
    const players = await recordedLobbyRoster(c.get("ports").roomRecords(c.env), revision, roomId, uid);
    const taken = await seatAnswer({ rooms, ticketSecret, revision, roomId, seat, players, hold });
    const key = await lobbyRoomKey(ticketSecret, revision.id, roomId);
    return c.json({ roomId, ...taken, lobbyUrl: lobbyUrl(rooms, revision.id, { roomId, key }), key });
  },
);

/** The request's JSON body, or `{}` when it has none (the call needs no body). */
async function optionalJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON.");
  }
}
