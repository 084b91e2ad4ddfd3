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

/** A room of `players` recorded by `creator` (user-1 by default): its id, as the platform named it. */
async function recordedRoom(creator = "user-1"): Promise<string> {
  const res = await createRoom({ revisionId, players }, await tokenOf(creator));
  expect(res.status).toBe(201);
  return ((await res.json()) as { roomId: string }).roomId;
}

async function ticketOf(res: Response, roomId: string) {
  expect(res.status).toBe(200);
  const { ticket } = (await res.json()) as { ticket: string };
  return verifySeatTicket(env.ROOM_TICKET_SECRET, ticket, { revisionId, roomId });
}

describe("POST /backend/rooms", () => {
  it("records a room with its roster under an id the platform makes; each creation is a room of its own", async () => {
    const created = await createRoom({ revisionId, players }, await tokenOf("user-1"));
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const room = (await created.json()) as { revisionId: string; roomId: string; players: unknown };
    expect(room).toEqual({ revisionId, roomId: expect.stringMatching(/^app-[0-9a-f]{32}$/), players });
    const again = (await (await createRoom({ revisionId, players }, await tokenOf("user-1"))).json()) as {
      roomId: string;
    };
    expect(again.roomId).not.toBe(room.roomId);
    const ticket = await ticketOf(
      await askTicket({ revisionId, roomId: room.roomId }, await tokenOf("user-2")),
      room.roomId,
    );
    expect(ticket.players).toEqual(players);
  });

  it("lets no one name a room: a stranger cannot take the id an app means to use, nor get into the app's room", async () => {
    // The stranger comes first with the app's room id and a roster of their own: refused, nothing recorded.
    const roomId = newRoomId();
    await expectError(
      createRoom({ revisionId, roomId, players: madeUp }, await tokenOf("user-9")),
      400,
      "invalid_request",
    );
    await expectError(askTicket({ revisionId, roomId }, await tokenOf("user-9")), 404, "room_not_found");
    // The app's room: the stranger gets no ticket of it, whatever the role or seat asked for.
    const appRoom = await recordedRoom();
    for (const body of [{}, { role: "observer" }, { role: "monitor" }, { seatId: "user-1" }]) {
      await expectError(
        askTicket({ revisionId, roomId: appRoom, ...body }, await tokenOf("user-9")),
        403,
        "not_your_room",
      );
    }
  });

  it("refuses an unknown or solo revision, and a bad roster or body", async () => {
    const idToken = await tokenOf("user-1");
    await expectError(createRoom({ revisionId: "no-such-rev", players }, idToken), 404, "revision_not_found");
    await expectError(createRoom({ revisionId: soloId, players }, idToken), 404, "no_rooms");
    for (const body of [
      { revisionId, players: [] },
      { revisionId, players: [...players, players[0]] },
      { revisionId },
      { revisionId: "../x", players },
      { revisionId, roomId: "room-1a2b3c4d", players },
      // A roster whose tickets would not fit in a socket URL.
      {
        revisionId,
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
      postAsUser("/rooms", { revisionId, players, pad: "x".repeat(17_000) }, idToken),
      413,
      "payload_too_large",
    );
  });

  it("answers 401 without a user, and 403 publish_token_not_allowed to a publish-token ID token", async () => {
    await expectError(createRoom({ revisionId, players }), 401, "missing_id_token");
    await expectError(
      createRoom({ revisionId, players }, await publishTokenIdToken("user-1")),
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

  it("gives its creator a ticket for any seat and monitor tickets, and a player only their own seat", async () => {
    const roomId = await recordedRoom("app-backend");
    const app = await tokenOf("app-backend");
    expect(await ticketOf(await askTicket({ revisionId, roomId, seatId: "user-2" }, app), roomId)).toMatchObject({
      seatId: "user-2",
      role: "player",
    });
    const screen = await ticketOf(
      await askTicket({ revisionId, roomId, role: "monitor", seatId: "screen-1" }, app),
      roomId,
    );
    expect(screen).toMatchObject({ seatId: "screen-1", role: "monitor", players });
    // The creator is no player of the roster: a player's ticket of its own id is refused.
    await expectError(askTicket({ revisionId, roomId }, app), 403, "not_in_roster");
    await expectError(
      askTicket({ revisionId, roomId, seatId: "user-2" }, await tokenOf("user-1")),
      403,
      "not_your_seat",
    );
  });

  it("issues an observer of an app room a monitor ticket, whose pause requests the room ignores", async () => {
    const roomId = await recordedRoom();
    const player = await connect(revisionId, roomId, {
      ticket: ((await (await askTicket({ revisionId, roomId }, await tokenOf("user-1"))).json()) as { ticket: string })
        .ticket,
    });
    await player.next("__game_start", () => true, 0);
    const res = await askTicket({ revisionId, roomId, role: "observer" }, await tokenOf("user-2"));
    expect(await res.clone().json()).toMatchObject({ seatId: "user-2", role: "monitor" });
    const observer = await ticketOf(res.clone(), roomId);
    expect(observer).toMatchObject({ seatId: "user-2", role: "monitor", players });

    const watcher = await connect(revisionId, roomId, { ticket: ((await res.json()) as { ticket: string }).ticket });
    await watcher.next("__state", () => true, 0);
    for (let ask = 0; ask < 3; ask++) {
      watcher.send({ type: "__platform", message: { type: "pause.request" } });
      watcher.send({ type: "__pause" });
    }
    // A round trip on each socket: every frame sent before it has been handled.
    const [watcherSince, playerSince] = [watcher.frames.length, player.frames.length];
    watcher.send({ type: "__request_state" });
    const state = await watcher.next("__state", () => true, watcherSince);
    player.send({ type: "__request_state" });
    await player.next("__state", () => true, playerSince);
    expect(state.frozen).toBe(false);
    const paused = [...player.frames, ...watcher.frames].filter((f) => f.type === "__pause_state" && f.frozen);
    expect(paused).toEqual([]);
    player.close();
    watcher.close();
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
