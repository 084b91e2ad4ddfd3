import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { verifySeatTicket } from "../../src/room-access/seat-ticket";
import counterSource from "../fixtures/counter.logic.js?raw";
import { publishTokenIdToken } from "./auth-support";
import { publishRevision } from "./backend/publish-support";
import { askTicket, createRoom, expectError, postAsUser } from "./backend/rooms-support";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";
import { bareEnv, FILES, fetchIn } from "./rooms/lobby-support";
import { connect } from "./rooms/support";

const players = [
  { id: "user-1", role: "a" },
  { id: "user-2", role: "b" },
];
/** A roster someone makes up for a room they did not create. */
const madeUp = [{ id: "user-9", role: "a" }];

let revisionId: string;
let soloId: string;
const tokenOf = (uid: string) => signIdToken(idTokenClaims(uid));
const newRoomId = () => `table-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  const publisher = await tokenOf("publisher-1");
  revisionId = await publishRevision(publisher, { files: FILES, logic: counterSource, playerCount: 2 });
  soloId = await publishRevision(publisher, { files: FILES, logic: null });
});

/** A recorded room of `players`, made by user-1. */
async function recordedRoom(): Promise<string> {
  const roomId = newRoomId();
  const res = await createRoom({ revisionId, roomId, players }, await tokenOf("user-1"));
  expect(res.status).toBe(201);
  return roomId;
}

async function ticketOf(res: Response, roomId: string) {
  expect(res.status).toBe(200);
  const { ticket } = (await res.json()) as { ticket: string };
  return verifySeatTicket(env.ROOM_TICKET_SECRET, ticket, { revisionId, roomId });
}

describe("POST /backend/rooms", () => {
  it("records a room with its roster once: a retry is 200, another roster 409 and the room keeps its own", async () => {
    const roomId = newRoomId();
    const created = await createRoom({ revisionId, roomId, players }, await tokenOf("user-1"));
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect(await created.json()).toEqual({ revisionId, roomId, players });

    const retry = await createRoom({ revisionId, roomId, players }, await tokenOf("user-1"));
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ revisionId, roomId, players });

    await expectError(createRoom({ revisionId, roomId, players: madeUp }, await tokenOf("user-9")), 409, "room_exists");
    const ticket = await ticketOf(await askTicket({ revisionId, roomId }, await tokenOf("user-2")), roomId);
    expect(ticket.players).toEqual(players);
  });

  it("gives a room made twice at once to exactly one roster", async () => {
    const roomId = newRoomId();
    const answers = await Promise.all([
      createRoom({ revisionId, roomId, players }, await tokenOf("user-1")),
      createRoom({ revisionId, roomId, players: madeUp }, await tokenOf("user-9")),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = answers[0]?.status === 201 ? players : madeUp;
    const seat = winner[0]?.id as string;
    expect((await ticketOf(await askTicket({ revisionId, roomId }, await tokenOf(seat)), roomId)).players).toEqual(
      winner,
    );
  });

  it("refuses a lobby's room id, an unknown or solo revision, and a bad roster or body", async () => {
    const idToken = await tokenOf("user-1");
    const roomId = newRoomId();
    await expectError(createRoom({ revisionId, roomId: "room-1a2b3c4d", players }, idToken), 403, "lobby_room");
    await expectError(createRoom({ revisionId: "no-such-rev", roomId, players }, idToken), 404, "revision_not_found");
    await expectError(createRoom({ revisionId: soloId, roomId, players }, idToken), 404, "no_rooms");
    for (const body of [
      { revisionId, roomId, players: [] },
      { revisionId, roomId, players: [...players, players[0]] },
      { revisionId, roomId },
      { revisionId: "../x", roomId, players },
      // A roster whose tickets would not fit in a socket URL.
      {
        revisionId,
        roomId,
        players: Array.from({ length: 64 }, (_, i) => ({
          id: `seat-${i}`,
          role: "r".repeat(64),
          name: "n".repeat(64),
        })),
      },
    ]) {
      await expectError(createRoom(body, idToken), 400, "invalid_request");
    }
    await expectError(postAsUser("/rooms", "{not json", idToken), 400, "invalid_json");
    await expectError(
      postAsUser("/rooms", { revisionId, roomId, players, pad: "x".repeat(17_000) }, idToken),
      413,
      "payload_too_large",
    );
    // None of them made the room.
    await expectError(askTicket({ revisionId, roomId }, idToken), 404, "room_not_found");
  });

  it("answers 401 without a user, and 403 publish_token_not_allowed to a publish-token ID token", async () => {
    const roomId = newRoomId();
    await expectError(createRoom({ revisionId, roomId, players }), 401, "missing_id_token");
    await expectError(
      createRoom({ revisionId, roomId, players }, await publishTokenIdToken("user-1")),
      403,
      "publish_token_not_allowed",
    );
  });
});

describe("POST /backend/rooms/tickets", () => {
  it("issues a player ticket with the recorded roster, whatever roster the caller sends; the room plays it", async () => {
    const roomId = await recordedRoom();
    const res = await askTicket({ revisionId, roomId, players: madeUp }, await tokenOf("user-2"));
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.clone().json()) as { ticket: string; expiresIn: number; socketUrl: string };
    expect(body.expiresIn).toBe(600);
    expect(body.socketUrl).toBe(`ws://localhost:8787/rooms/ws/games/${revisionId}/${roomId}?ticket=${body.ticket}`);
    expect(await ticketOf(res, roomId)).toEqual({ revisionId, roomId, seatId: "user-2", role: "player", players });

    // The first socket of the room pins the recorded roster, not the caller's.
    const client = await connect(revisionId, roomId, { ticket: body.ticket });
    expect((await client.next("__state", () => true, 0)).you).toMatchObject({ seatId: "user-2" });
    expect((await client.next("__game_start", () => true, 0)).players).toEqual(players);
    client.close();
  });

  it("issues an observer ticket to a user who is not in the roster, and refuses them a player's", async () => {
    const roomId = await recordedRoom();
    const idToken = await tokenOf("user-9");
    await expectError(askTicket({ revisionId, roomId, players: madeUp }, idToken), 403, "not_in_roster");
    const observer = await ticketOf(await askTicket({ revisionId, roomId, role: "observer" }, idToken), roomId);
    expect(observer).toMatchObject({ seatId: "user-9", role: "observer", players });
  });

  it("refuses a room with no record, and a lobby's room whatever the role", async () => {
    const idToken = await tokenOf("user-1");
    await expectError(askTicket({ revisionId, roomId: newRoomId(), players }, idToken), 404, "room_not_found");
    for (const role of ["player", "observer", "monitor"]) {
      await expectError(
        askTicket({ revisionId, roomId: "room-1a2b3c4d", role, players: [{ id: "user-1" }] }, idToken),
        403,
        "lobby_room",
      );
    }
  });

  it("answers 503 where no ticket secret is configured", async () => {
    const roomId = await recordedRoom();
    await expectError(
      askTicket({ revisionId, roomId }, await tokenOf("user-1"), (url, init) => fetchIn(bareEnv, url, init)),
      503,
      "tickets_unavailable",
    );
  });

  it("answers 401 without a bearer ID token, and for a token the provider did not sign", async () => {
    const roomId = await recordedRoom();
    await expectError(askTicket({ revisionId, roomId }), 401, "missing_id_token");
    const key = (await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const forged = await signIdToken(idTokenClaims("user-1"), { key: key.privateKey });
    await expectError(askTicket({ revisionId, roomId }, forged), 401, "invalid_id_token");
  });

  it("answers 403 publish_token_not_allowed to a publish-token ID token, as every app does: it is no user here", async () => {
    const roomId = await recordedRoom();
    await expectError(
      askTicket({ revisionId, roomId }, await publishTokenIdToken("user-1")),
      403,
      "publish_token_not_allowed",
    );
  });

  it("answers 400 for a malformed room id or role", async () => {
    const idToken = await tokenOf("user-1");
    await expectError(askTicket({ revisionId: "../x", roomId: "r1" }, idToken), 400, "invalid_request");
    await expectError(askTicket({ revisionId, roomId: "r1", role: "admin" }, idToken), 400, "invalid_request");
  });
});
