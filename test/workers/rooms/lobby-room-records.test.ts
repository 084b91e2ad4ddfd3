import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { RoomRecords } from "../../../workers/backend/ports/room-records";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import { askTicket, createRoom, expectError } from "../backend/rooms-support";
import { FILES, fetchRequired, join, keyedRoom, newLobby, ROSTER, type Taken, take } from "./lobby-support";
import { socketUrl } from "./support";

type User = { uid: string; idToken: string };

async function taken(res: Response | Promise<Response>): Promise<Taken> {
  const answer = await res;
  expect(answer.status).toBe(200);
  return (await answer.json()) as Taken;
}

/**
 * The lobby's rooms and the backend's room records (docs/rooms.md "Seat tickets"): the backend
 * hands out no ticket for a lobby's room, so nobody pins a made-up roster there or watches it on an
 * observer ticket that may pause it; the lobby records its room, and never takes an app's.
 */
describe("lobby rooms and the backend's tickets", () => {
  let revisionId: string;
  let alice: User;
  let bob: User;
  let mallory: User;

  beforeAll(async () => {
    [alice, bob, mallory] = await Promise.all([newUser(), newUser(), newUser()]);
    revisionId = await publishRevision(alice.idToken, { files: FILES, logic: counterSource, playerCount: 3 });
  });

  it("gives an attacker no ticket with a made-up roster for a lobby room, so the lobby's players get their seats", async () => {
    const lobby = await newLobby(revisionId);
    const { roomId } = lobby;
    const fake = [{ id: mallory.uid, role: "a" }];
    // The room id is in every share link; the attacker asks the backend to seat them first, and
    // cannot record the room either (app rooms are named by the platform).
    await expectError(askTicket({ revisionId, roomId, players: fake }, mallory.idToken), 403, "lobby_room");
    await expectError(createRoom({ revisionId, roomId, players: fake }, mallory.idToken), 400, "invalid_request");
    // Without a ticket their socket is refused: it cannot pin a roster.
    const attacker = await fetchRequired(
      socketUrl(revisionId, roomId, { seatId: mallory.uid, players: JSON.stringify(fake) }),
      { headers: { Upgrade: "websocket" } },
    );
    await expectError(attacker, 401, "ticket_required");

    const p1 = await join((await taken(take(lobby, "p1", alice.idToken))).gameUrl);
    const p2 = await join((await taken(take(lobby, "p2", bob.idToken))).gameUrl);
    expect((await p1.next("__game_start", () => true, 0)).players).toEqual(ROSTER);
    for (const [client, seatId] of [
      [p1, "p1"],
      [p2, "p2"],
    ] as const) {
      const you = (await client.next("__state", () => true, 0)).you;
      expect(you).toMatchObject({ seatId });
      expect(you.observer).toBeFalsy();
    }
    expect(await p2.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", ack: 1 });
    p1.close();
    p2.close();
  });

  it("refuses a backend observer or monitor ticket for a lobby room, so no stranger can pause its game", async () => {
    const lobby = await newLobby(revisionId);
    await taken(take(lobby, "p1", alice.idToken));
    for (const role of ["observer", "monitor"]) {
      await expectError(askTicket({ revisionId, roomId: lobby.roomId, role }, mallory.idToken), 403, "lobby_room");
    }
  });

  it("records its room at the first seat taken, with the revision's roster, once", async () => {
    const lobby = await newLobby(revisionId);
    const records = new RoomRecords(env.BACKEND_DB);
    expect(await records.find(revisionId, lobby.roomId)).toBeNull();
    await taken(take(lobby, "p2", bob.idToken));
    await taken(take(lobby, "p1", alice.idToken));
    expect(await records.find(revisionId, lobby.roomId)).toMatchObject({
      players: ROSTER,
      lobby: true,
      creatorUid: bob.uid,
    });
  });

  it("keeps the backend's tickets out of a lobby room whatever its id, once the lobby recorded it", async () => {
    // The lobby makes room-… ids; a room it keyed under another id is still its own.
    const room = await keyedRoom(revisionId, "corner-table");
    await taken(take(room, "p1", alice.idToken));
    const players = [{ id: mallory.uid }];
    await expectError(askTicket({ revisionId, roomId: "corner-table" }, mallory.idToken), 403, "lobby_room");
    await expectError(
      createRoom({ revisionId, roomId: "corner-table", players }, mallory.idToken),
      400,
      "invalid_request",
    );
  });

  it("refuses to seat anyone in a room an app recorded, even under the lobby's key for its id", async () => {
    const players = [{ id: mallory.uid, role: "a" }];
    const created = await createRoom({ revisionId, players }, mallory.idToken);
    expect(created.status).toBe(201);
    const { roomId } = (await created.json()) as { roomId: string };
    const room = await keyedRoom(revisionId, roomId);
    await expectError(take(room, "p1", alice.idToken), 409, "not_a_lobby_room");
    await expectError(take(room, "spectator", alice.idToken), 409, "not_a_lobby_room");
    await expectError(
      fetchRequired(`${room.config.seatsUrl}?key=${room.config.key}`, {
        headers: { authorization: `Bearer ${alice.idToken}` },
      }),
      409,
      "not_a_lobby_room",
    );
    expect(await new RoomRecords(env.BACKEND_DB).find(revisionId, roomId)).toMatchObject({
      players,
      lobby: false,
    });
  });
});
