import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuickPlay } from "../../../durable-objects/quick-play/quick-play";
import {
  QUICK_PLAY_LAPSE_COOLDOWN_MS,
  QUICK_PLAY_LEASE_MS,
  QUICK_PLAY_OPEN_MS,
} from "../../../src/room-access/quick-play";
import { verifySeatTicket } from "../../../src/room-access/seat-ticket";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { AUTH, newUser } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import {
  bareEnv,
  FILES,
  fetchIn,
  fetchRequired,
  join,
  newLobby,
  requiredEnv,
  type SeatsOf,
  seatsFor,
  take,
  upgradeFor,
} from "./lobby-support";
import { type Frame, ROOMS, roomStub, statsWhen, type TestClient } from "./support";

type User = { uid: string; idToken: string };

interface QuickSeat {
  roomId: string;
  seatId: string;
  role: string;
  ticket: string;
  gameUrl: string;
  lobbyUrl: string;
  key: string;
}

function quickPlay(
  revisionId: string,
  user: User | null,
  bindings: Env = requiredEnv,
  body?: string,
): Promise<Response> {
  return fetchIn(bindings, `${ROOMS}/lobby/${revisionId}/quick-play`, {
    method: "POST",
    headers: {
      ...(user ? { authorization: `Bearer ${user.idToken}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body }),
  });
}

/** Quick play as the lobby's page asks: a room in play is answered when every room is full. */
async function askingQuickPlay(revisionId: string, user: User, ifFull: "ask" | "new_room" = "ask") {
  const res = await quickPlay(revisionId, user, requiredEnv, JSON.stringify({ ifFull }));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as
    | QuickSeat
    | { full: { roomId: string; key: string; seats: { id: string; name: string }[] } };
}

async function seated(revisionId: string, user: User): Promise<QuickSeat> {
  const res = await quickPlay(revisionId, user);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as QuickSeat;
}

/** A 2-player game of its own, so each test starts with no open room. */
function newGame(author: User): Promise<string> {
  return publishRevision(author.idToken, { files: FILES, logic: counterSource, playerCount: 2, name: "Counter" });
}

describe("quick play: the play URL seats its visitors in open rooms", () => {
  let users: User[];

  beforeAll(async () => {
    users = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
  });

  it("serves the play URL's lobby as a page that signs in and asks for a seat, with a private room link", async () => {
    const revisionId = await newGame(users[0] as User);
    const play = await fetchRequired(`${ROOMS}/play/${revisionId}/`);
    expect(play.status).toBe(302);
    const lobbyUrl = play.headers.get("location") as string;
    expect(lobbyUrl).toBe(`${ROOMS}/lobby/${revisionId}/`);
    // No second redirect: the page itself is where quick play happens, and where sign-in returns.
    const page = await fetchRequired(lobbyUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const config = JSON.parse(/id="quick-play-config">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");
    expect(config.quickPlayUrl).toBe(`${ROOMS}/lobby/${revisionId}/quick-play`);
    const login = new URL(config.loginUrl);
    expect(login.href.startsWith(`${AUTH}/login?`)).toBe(true);
    expect(login.searchParams.get("client_id")).toBe("play");
    expect(login.searchParams.get("redirect_uri")).toBe(lobbyUrl);
    expect(html).toContain(`src="${ROOMS}/assets/quick-play.js"`);
    expect((await fetchRequired(`${ROOMS}/assets/quick-play.js`)).status).toBe(200);
    expect(html).toContain(`href="${ROOMS}/lobby/${revisionId}/?private=1"`);
    // The private room link makes a room of its own, with its lobby's key.
    const privateRoom = await fetchRequired(`${ROOMS}/lobby/${revisionId}/?private=1`);
    expect(privateRoom.status).toBe(302);
    expect(new URL(privateRoom.headers.get("location") as string).searchParams.get("room")).toMatch(/^room-/);
  });

  it("seats visitors one after another in the same room until it is full, then opens a new one", async () => {
    const [alice, bob, carol] = users as [User, User, User];
    const revisionId = await newGame(alice);
    const first = await seated(revisionId, alice);
    const second = await seated(revisionId, bob);
    expect(first).toMatchObject({ seatId: "p1", role: "player" });
    expect(second).toMatchObject({ roomId: first.roomId, seatId: "p2" });
    const third = await seated(revisionId, carol);
    expect(third.roomId).not.toBe(first.roomId);
    expect(third.seatId).toBe("p1");
    // Each answer carries a ticket for its room and seat, and the room's lobby link with its key.
    const ticket = await verifySeatTicket(env.ROOM_TICKET_SECRET, second.ticket, { revisionId, roomId: first.roomId });
    expect(ticket).toMatchObject({ seatId: "p2", role: "player" });
    expect(new URL(second.lobbyUrl).searchParams.get("room")).toBe(first.roomId);
    // The game page carries the seat's own lobby link: where the SDK gets a fresh ticket later.
    const lobbyLink = new URL(new URL(second.gameUrl).searchParams.get("lobby") as string);
    expect(lobbyLink.searchParams.get("seat")).toBe("p2");
    expect(lobbyLink.searchParams.get("key")).toBe(new URL(second.lobbyUrl).searchParams.get("key"));
    const lobby = { config: { seatsUrl: `${ROOMS}/lobby/${revisionId}/${first.roomId}/seats`, key: "" } };
    lobby.config.key = new URL(second.lobbyUrl).searchParams.get("key") as string;
    expect((await seatsFor(lobby, alice.idToken)).map((s) => s.state)).toEqual(["yours", "taken"]);
  });

  it("gives a visitor who comes back the seat they already hold, not a second one", async () => {
    const [alice, bob] = users as [User, User];
    const revisionId = await newGame(alice);
    const first = await seated(revisionId, alice);
    const again = await seated(revisionId, alice);
    expect(again).toMatchObject({ roomId: first.roomId, seatId: "p1" });
    expect(await seated(revisionId, bob)).toMatchObject({ roomId: first.roomId, seatId: "p2" });
  });

  it("gives visitors who arrive at once different seats of one room, never the same seat", async () => {
    const revisionId = await newGame(users[0] as User);
    const [a, b] = await Promise.all([seated(revisionId, users[0] as User), seated(revisionId, users[1] as User)]);
    expect(a.roomId).toBe(b.roomId);
    expect([a.seatId, b.seatId].sort()).toEqual(["p1", "p2"]);
    // Four at once on another game: two full rooms, every seat once.
    const other = await newGame(users[0] as User);
    const four = await Promise.all(users.map((user) => seated(other, user)));
    const places = four.map((s) => `${s.roomId}/${s.seatId}`);
    expect(new Set(places).size).toBe(4);
    expect(new Set(four.map((s) => s.roomId)).size).toBe(2);
  });

  it("never seats a visitor in a private room, nor in one whose seat its own link took meanwhile", async () => {
    const [alice, bob, carol] = users as [User, User, User];
    const revisionId = await newGame(alice);
    const privateRoom = await newLobby(revisionId);
    expect((await take(privateRoom, "p1", alice.idToken)).status).toBe(200);
    const bobs = await seated(revisionId, bob);
    expect(bobs.roomId).not.toBe(privateRoom.roomId);
    // Carol takes p2 of Bob's room through its lobby link; the next visitor gets a new room.
    const key = new URL(bobs.lobbyUrl).searchParams.get("key") as string;
    const bobsRoom = { config: { seatsUrl: `${ROOMS}/lobby/${revisionId}/${bobs.roomId}/seats`, key } };
    expect((await take(bobsRoom, "p2", carol.idToken)).status).toBe(200);
    const next = await seated(revisionId, users[3] as User);
    expect([privateRoom.roomId, bobs.roomId]).not.toContain(next.roomId);
  });

  it("tells a visitor who finds every room full of the room in play, to watch; they wait in a new room only when they say so", async () => {
    const [alice, bob, carol, dave] = users as [User, User, User, User];
    const revisionId = await newGame(alice);
    const first = await seated(revisionId, alice);
    const second = await seated(revisionId, bob);
    // Both sockets came: their seats are off lease, and the full room leaves the pool of open rooms.
    const players = [await join(first.gameUrl), await join(second.gameUrl)];
    await presenceWith(players[0] as TestClient, ["p1", "p2"], 0);
    const asked = await askingQuickPlay(revisionId, carol);
    expect(asked).toEqual({
      full: {
        roomId: first.roomId,
        key: expect.any(String),
        seats: [
          { id: "p1", name: "Player 1" },
          { id: "p2", name: "Player 2" },
        ],
      },
    });
    // Nothing was handed out: no room made, no seat on lease, so no cooldown can follow.
    expect((await matchmakerOf(revisionId).seatLeases()).some((lease) => lease.uid === carol.uid)).toBe(false);
    expect(await matchmakerOf(revisionId).openRooms()).toEqual([]);
    // The key is the room's: she may watch it.
    const { full } = asked as { full: { roomId: string; key: string } };
    const watching = await take(
      { config: { seatsUrl: `${ROOMS}/lobby/${revisionId}/${full.roomId}/seats`, key: full.key } },
      "spectator",
      carol.idToken,
    );
    expect(watching.status).toBe(200);
    expect(await watching.json()).toMatchObject({ seatId: "spectator", role: "monitor" });
    // A player of the full room who opens the link again (a reload) still finds their seat there.
    expect(await askingQuickPlay(revisionId, alice)).toMatchObject({ roomId: first.roomId, seatId: "p1" });
    // She waits for the next player instead: a new room, where the next visitor sits down opposite her.
    const waiting = (await askingQuickPlay(revisionId, carol, "new_room")) as QuickSeat;
    expect(waiting).toMatchObject({ seatId: "p1", key: expect.any(String) });
    expect(waiting.roomId).not.toBe(first.roomId);
    expect(await askingQuickPlay(revisionId, dave)).toMatchObject({ roomId: waiting.roomId, seatId: "p2" });
    // A call without a body (an API client) gets a new room as before; a body that is not the choice is refused.
    await expectRefusal(quickPlay(revisionId, dave, requiredEnv, "{"), 400, "invalid_json");
    await expectRefusal(quickPlay(revisionId, dave, requiredEnv, '{"ifFull":"wait"}'), 400, "invalid_request");
    for (const player of players) player.close();
  });

  it("tells nobody of a room whose game is over: the next visitor gets a new room", async () => {
    const [alice, bob, carol] = users as [User, User, User];
    const revisionId = await newGame(alice);
    const first = await seated(revisionId, alice);
    const second = await seated(revisionId, bob);
    const sockets = [await join(first.gameUrl), await join(second.gameUrl)];
    await sockets[0]?.next("__game_start", () => true, 0);
    for (const socket of sockets) socket.close();
    await statsWhen(roomStub(revisionId, first.roomId), (stats) => stats.connections === 0);
    const next = await askingQuickPlay(revisionId, carol);
    expect(next).toMatchObject({ seatId: "p1" });
    expect((next as QuickSeat).roomId).not.toBe(first.roomId);
  });

  it("skips a room whose players all left after the game started", async () => {
    const [alice, bob] = users as [User, User];
    const revisionId = await newGame(alice);
    const first = await seated(revisionId, alice);
    const socket = await join(first.gameUrl);
    await socket.next("__game_start");
    socket.close();
    await statsWhen(roomStub(revisionId, first.roomId), (stats) => stats.connections === 0);
    const second = await seated(revisionId, bob);
    expect(second.roomId).not.toBe(first.roomId);
  });

  it("stops seating visitors in a room ten minutes after it was made", async () => {
    const [alice, bob] = users as [User, User];
    const revisionId = await newGame(alice);
    const matchmaker = env.QUICK_PLAY.get(env.QUICK_PLAY.idFromName(revisionId));
    const start = Date.now();
    await runInDurableObject(matchmaker, (object: QuickPlay) => {
      object.clock = () => start;
    });
    const first = await seated(revisionId, alice);
    await runInDurableObject(matchmaker, (object: QuickPlay) => {
      object.clock = () => start + QUICK_PLAY_OPEN_MS;
    });
    const second = await seated(revisionId, bob);
    expect(second.roomId).not.toBe(first.roomId);
    expect((await matchmaker.openRooms()).map((room) => room.roomId)).toEqual([second.roomId]);
  });

  it("refuses visitors who are not signed in, a solo game, an unknown revision, and a platform without tickets", async () => {
    const [alice] = users as [User];
    const revisionId = await newGame(alice);
    const solo = await publishRevision(alice.idToken, { files: FILES, logic: null });
    const cases: [Promise<Response>, number, string][] = [
      [quickPlay(revisionId, null), 401, "missing_id_token"],
      [quickPlay(solo, alice), 404, "no_rooms"],
      [quickPlay("no-such-revision", alice), 404, "revision_not_found"],
      [quickPlay(revisionId, alice, bareEnv), 503, "tickets_unavailable"],
    ];
    for (const [response, status, error] of cases) {
      const res = await response;
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ error });
    }
  });
});

function matchmakerOf(revisionId: string) {
  return env.QUICK_PLAY.get(env.QUICK_PLAY.idFromName(revisionId));
}

/** Sets the time the revision's matchmaker reads (its pool's ages and its leases). */
async function setClock(revisionId: string, at: number): Promise<void> {
  await runInDurableObject(matchmakerOf(revisionId), (object: QuickPlay) => {
    object.clock = () => at;
  });
}

/** The seat calls of a quick-play room, with the key its answer carries. */
function roomOf(revisionId: string, seat: QuickSeat): SeatsOf {
  const key = new URL(seat.lobbyUrl).searchParams.get("key") as string;
  return { config: { seatsUrl: `${ROOMS}/lobby/${revisionId}/${seat.roomId}/seats`, key } };
}

/** The next presence frame (after `since` frames) in which every seat of `seatIds` is online. */
function presenceWith(client: TestClient, seatIds: string[], since = 0): Promise<Frame> {
  return client.next(
    "__platform",
    (f) =>
      f.message.type === "presence" &&
      seatIds.every((id) =>
        f.message.payload.seats.some((seat: { seatId: string; online: boolean }) => seat.seatId === id && seat.online),
      ),
    since,
  );
}

async function expectRefusal(res: Response | Promise<Response>, status: number, error: string) {
  const answer = await res;
  expect(answer.status, error).toBe(status);
  expect(await answer.json()).toMatchObject({ error });
}

describe("quick play: one account cannot deny it", () => {
  let users: User[];

  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 5 }, () => newUser()));
  });

  it("gives an account that asks again and again and never plays one seat, which goes to the next visitor a minute on", async () => {
    const [squatter, ann, ben, cat, dan] = users as [User, User, User, User, User];
    const revisionId = await newGame(squatter);
    const start = Date.now();
    await setClock(revisionId, start);
    const first = await seated(revisionId, squatter);
    for (let ask = 0; ask < 5; ask++) {
      expect(await seated(revisionId, squatter)).toMatchObject({ roomId: first.roomId, seatId: first.seatId });
    }

    // Ann is seated opposite the squatter, and waits there.
    const anns = await seated(revisionId, ann);
    expect(anns).toMatchObject({ roomId: first.roomId, seatId: "p2" });
    const annSocket = await join(anns.gameUrl);
    await presenceWith(annSocket, ["p2"]);
    // Visitors meanwhile meet each other in a room of their own.
    const [bens, cats] = [await seated(revisionId, ben), await seated(revisionId, cat)];
    expect(bens.roomId).not.toBe(first.roomId);
    expect(cats).toMatchObject({ roomId: bens.roomId, seatId: "p2" });
    const benSocket = await join(bens.gameUrl);
    await join(cats.gameUrl);
    await presenceWith(benSocket, ["p1", "p2"]);

    // A minute on, no socket came for the squatter's seat: it goes back, and Dan meets Ann there.
    await setClock(revisionId, start + QUICK_PLAY_LEASE_MS);
    const alarmRan = await runDurableObjectAlarm(matchmakerOf(revisionId));
    expect((await seatsFor(roomOf(revisionId, anns), ann.idToken)).map((seat) => seat.state)).toEqual([
      "free",
      "yours",
    ]);
    expect(alarmRan).toBe(true);
    const dans = await seated(revisionId, dan);
    expect(dans).toMatchObject({ roomId: first.roomId, seatId: "p1" });
    const since = annSocket.frames.length;
    await join(dans.gameUrl);
    await presenceWith(annSocket, ["p1", "p2"], since);

    // The squatter's ticket opens the seat no more, and quick play makes them wait for a new one.
    await expectRefusal(upgradeFor(first.gameUrl), 409, "seat_released");
    const again = await quickPlay(revisionId, squatter);
    await expectRefusal(again.clone(), 429, "quick_play_cooldown");
    expect(again.headers.get("retry-after")).toBe(String(QUICK_PLAY_LAPSE_COOLDOWN_MS / 1000));
  });

  it("takes no second seat with its answer's key, and a seat taken through the room's link is on lease too", async () => {
    const [squatter, friend] = users as [User, User];
    const revisionId = await newGame(squatter);
    const start = Date.now();
    await setClock(revisionId, start);
    const first = await seated(revisionId, squatter);
    const room = roomOf(revisionId, first);
    await expectRefusal(take(room, "p2", squatter.idToken), 409, "one_seat_each");
    // Another account through the room's link: the seat is its, on lease like quick play's own.
    const friends = await take(room, "p2", friend.idToken);
    expect(friends.status).toBe(200);
    const { gameUrl } = (await friends.json()) as { gameUrl: string };
    expect((await matchmakerOf(revisionId).seatLeases()).map((lease) => lease.uid).sort()).toEqual(
      [squatter.uid, friend.uid].sort(),
    );

    // Nobody plays: a minute on both seats are free again, their tickets void, and the squatter
    // cannot take its seat back through the link while it cools down.
    await setClock(revisionId, start + QUICK_PLAY_LEASE_MS);
    expect(await runDurableObjectAlarm(matchmakerOf(revisionId))).toBe(true);
    expect((await seatsFor(room, friend.idToken)).map((seat) => seat.state)).toEqual(["free", "free"]);
    await expectRefusal(upgradeFor(gameUrl), 409, "seat_released");
    await expectRefusal(take(room, "p1", squatter.idToken), 429, "quick_play_cooldown");
  });

  it("keeps a seat whose holder's socket came in time; the first look after the lease gives back only the untaken one", async () => {
    const [ann, ben, cat] = users as [User, User, User];
    const revisionId = await newGame(ann);
    const start = Date.now();
    await setClock(revisionId, start);
    const anns = await seated(revisionId, ann);
    const bens = await seated(revisionId, ben);
    expect(bens).toMatchObject({ roomId: anns.roomId, seatId: "p2" });
    const annSocket = await join(anns.gameUrl);
    await presenceWith(annSocket, ["p1"]);

    // Ben never comes. A minute on (the alarm not run: the next visitor's look ends the lease), Cat gets his seat.
    await setClock(revisionId, start + QUICK_PLAY_LEASE_MS);
    expect(await seated(revisionId, cat)).toMatchObject({ roomId: anns.roomId, seatId: "p2" });
    expect((await seatsFor(roomOf(revisionId, anns), ann.idToken)).map((seat) => seat.state)).toEqual([
      "yours",
      "taken",
    ]);
    expect(await matchmakerOf(revisionId).seatLeases()).toEqual([
      expect.objectContaining({ uid: cat.uid, until: start + 2 * QUICK_PLAY_LEASE_MS }),
    ]);
    // Ann's ticket still opens her seat (a reconnect).
    annSocket.close();
    expect((await upgradeFor(anns.gameUrl)).status).toBe(101);
  });
});
