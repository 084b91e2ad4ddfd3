import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuickPlay } from "../../../durable-objects/quick-play/quick-play";
import { QUICK_PLAY_OPEN_MS } from "../../../src/room-access/quick-play";
import { verifySeatTicket } from "../../../src/room-access/seat-ticket";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { AUTH, newUser } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import { bareEnv, FILES, fetchIn, fetchRequired, join, newLobby, requiredEnv, seatsFor, take } from "./lobby-support";
import { ROOMS, roomStub, statsWhen } from "./support";

type User = { uid: string; idToken: string };

interface QuickSeat {
  roomId: string;
  seatId: string;
  role: string;
  ticket: string;
  gameUrl: string;
  lobbyUrl: string;
}

function quickPlay(revisionId: string, user: User | null, bindings: Env = requiredEnv): Promise<Response> {
  return fetchIn(bindings, `${ROOMS}/lobby/${revisionId}/quick-play`, {
    method: "POST",
    headers: user ? { authorization: `Bearer ${user.idToken}` } : {},
  });
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
