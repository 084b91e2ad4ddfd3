import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { verifySeatTicket } from "../../../src/room-access/seat-ticket";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { AUTH, newUser, publishTokenIdToken } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import {
  bareEnv,
  configOf,
  FILES,
  fetchIn,
  fetchRequired,
  join,
  newLobby,
  ROSTER,
  seatsFor,
  type Taken,
  take,
} from "./lobby-support";
import { ROOMS, socketUrl } from "./support";

describe("the lobby of a published game, with seat tickets", () => {
  let revisionId: string;
  let alice: { uid: string; idToken: string };
  let bob: { uid: string; idToken: string };
  let carol: { uid: string; idToken: string };

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([newUser(), newUser(), newUser()]);
    revisionId = await publishRevision(alice.idToken, {
      files: FILES,
      logic: counterSource,
      playerCount: 3,
      name: "Counter",
    });
  });

  it("makes a room and serves a page that signs in as the play client, returning to the room's lobby URL", async () => {
    const lobby = await newLobby(revisionId);
    expect(lobby.roomId).toMatch(/^room-[0-9a-f]{8}$/);
    expect(new URL(lobby.lobbyUrl).pathname).toBe(`/rooms/lobby/${revisionId}/`);
    expect(new URL(lobby.lobbyUrl).searchParams.get("key")).toMatch(/^[\w-]{22}$/);
    const login = new URL(lobby.config.loginUrl);
    expect(login.href.startsWith(`${AUTH}/login?`)).toBe(true);
    expect(login.searchParams.get("client_id")).toBe("play");
    expect(login.searchParams.get("redirect_uri")).toBe(lobby.lobbyUrl);
    expect(lobby.config.seatsUrl).toBe(`${ROOMS}/lobby/${revisionId}/${lobby.roomId}/seats`);
    expect(lobby.config.key).toBe(new URL(lobby.lobbyUrl).searchParams.get("key"));
    // The sign-in service takes the lobby as a redirect target and shows the lobby client.
    const loginPage = await fetchRequired(lobby.config.loginUrl);
    expect(loginPage.status).toBe(200);
    expect(await loginPage.text()).toContain("Game lobby");
    // The headers of a signed-in page: its own script only, no cache, no framing, no referrer.
    const csp = lobby.res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src ${ROOMS}/assets/;`);
    expect(csp).toContain("frame-ancestors 'none'");
    // It frames the game's own pages, nothing else, in their sandbox.
    expect(csp).toContain(`frame-src ${ROOMS}/play/${revisionId}/;`);
    expect(lobby.html).toMatch(
      /<iframe id="game-frame" title="Counter" sandbox="allow-scripts allow-forms allow-popups allow-modals allow-pointer-lock allow-downloads">/,
    );
    // Names for people: the game's and a room's, not the revision's or the room's id.
    expect(lobby.html).toContain("<h1>Counter</h1>");
    expect(lobby.html).toMatch(/<h2 id="room-heading">Room [A-Z][a-z]+ [A-Z][a-z]+<\/h2>/);
    expect(lobby.html).not.toContain(`>${revisionId}<`);
    expect(lobby.html).not.toContain(`>${lobby.roomId}<`);
    expect(lobby.res.headers.get("cache-control")).toBe("no-store");
    expect(lobby.res.headers.get("referrer-policy")).toBe("no-referrer");
    // The page hands out no ticket: seats are taken once signed in.
    expect(lobby.html).not.toContain("ticket=");
    expect([...lobby.html.matchAll(/data-seat-id="(\w+)"/g)].map((m) => m[1])).toEqual(["p1", "p2", "p3"]);
    // Its script, its stylesheet, and the platform's base stylesheet, all from its own assets URL.
    expect(lobby.html).toContain(`href="${ROOMS}/assets/style.css"`);
    for (const asset of ["lobby.js", "lobby.css", "style.css"]) {
      expect((await fetchRequired(`${ROOMS}/assets/${asset}`)).status).toBe(200);
    }
  });

  it("gives each seat and the spectator a link of its own, kept through the sign-in; an unknown seat is ignored", async () => {
    const lobby = await newLobby(revisionId);
    expect(lobby.config.seat).toBeNull();
    const links = [...lobby.html.matchAll(/data-copy="([^"]+)"/g)].map(
      (m) => new URL((m[1] as string).replace(/&amp;/g, "&")),
    );
    expect(links.map((link) => link.searchParams.get("seat"))).toEqual([null, "p1", "p2", "p3", "spectator"]);
    for (const link of links) {
      expect(link.searchParams.get("room")).toBe(lobby.roomId);
      expect(link.searchParams.get("key")).toBe(lobby.config.key);
    }

    const p2Link = links[2] as URL;
    const page = await fetchRequired(p2Link.href);
    expect(page.status).toBe(200);
    const config = configOf(await page.text());
    expect(config.seat).toBe("p2");
    // The sign-in comes back to the seat's own link, so the page can take that seat.
    expect(new URL(config.loginUrl).searchParams.get("redirect_uri")).toBe(p2Link.href);

    const unknown = configOf(await (await fetchRequired(`${lobby.lobbyUrl}&seat=p9`)).text());
    expect(unknown.seat).toBeNull();
    expect(new URL(unknown.loginUrl).searchParams.get("redirect_uri")).toBe(lobby.lobbyUrl);
  });

  it("keeps a room only with its key; another key, no key, ?new=1 or ?private=1 makes a new room", async () => {
    const lobby = await newLobby(revisionId);
    expect((await fetchRequired(lobby.lobbyUrl)).status).toBe(200);
    for (const query of [
      `room=${lobby.roomId}`,
      `room=someone-elses-room&key=${lobby.config.key}`,
      `room=${lobby.roomId}&key=${lobby.config.key}&new=1`,
      `room=${lobby.roomId}&key=${lobby.config.key}&private=1`,
    ]) {
      const res = await fetchRequired(`${ROOMS}/lobby/${revisionId}/?${query}`);
      expect(res.status).toBe(302);
      const moved = new URL(res.headers.get("location") as string).searchParams.get("room");
      expect(moved).not.toBe(lobby.roomId);
      expect(moved).not.toBe("someone-elses-room");
    }
  });

  it("gives a seat to the first user who takes it, with a ticket for that room and seat, and the game page", async () => {
    const lobby = await newLobby(revisionId);
    const res = await take(lobby, "p1", alice.idToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const taken = (await res.json()) as Taken;
    expect(taken).toMatchObject({ seatId: "p1", role: "player", expiresIn: 3600 });
    const ticket = await verifySeatTicket(env.ROOM_TICKET_SECRET, taken.ticket, { revisionId, roomId: lobby.roomId });
    expect(ticket).toMatchObject({ seatId: "p1", role: "player", players: ROSTER, nickname: "Player 1" });
    const game = new URL(taken.gameUrl);
    expect(game.origin + game.pathname).toBe(`${ROOMS}/play/${revisionId}/index.html`);
    expect(Object.fromEntries(game.searchParams)).toMatchObject({
      server: ROOMS,
      roomId: lobby.roomId,
      revisionId,
      seatId: "p1",
      seatKind: "player",
    });
    expect(taken.name).toBe("Player 1");
    // The ticket rides in the fragment, which no request carries; the query has none.
    expect(game.searchParams.get("ticket")).toBeNull();
    expect(game.hash).toBe(`#ticket=${taken.ticket}`);

    // Someone else cannot have it; its holder can, again (a fresh ticket, say after a reload).
    const other = await take(lobby, "p1", bob.idToken);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: "seat_taken", message: expect.stringContaining("Player 1") });
    const again = await take(lobby, "p1", alice.idToken);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Taken).seatId).toBe("p1");
    expect((await take(lobby, "p2", bob.idToken)).status).toBe(200);
    // One seat per user: the holder of p1 cannot also take p3.
    const second = await take(lobby, "p3", alice.idToken);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: "one_seat_each" });
    expect((await seatsFor(lobby, carol.idToken)).map((s) => s.state)).toEqual(["taken", "taken", "free"]);
  });

  it("tells each user which seats are theirs, taken or free", async () => {
    const lobby = await newLobby(revisionId);
    expect(await seatsFor(lobby, alice.idToken)).toEqual([
      { id: "p1", name: "Player 1", state: "free" },
      { id: "p2", name: "Player 2", state: "free" },
      { id: "p3", name: "Player 3", state: "free" },
    ]);
    await take(lobby, "p1", alice.idToken);
    await take(lobby, "p2", bob.idToken);
    expect((await seatsFor(lobby, alice.idToken)).map((s) => s.state)).toEqual(["yours", "taken", "free"]);
    expect((await seatsFor(lobby, bob.idToken)).map((s) => s.state)).toEqual(["taken", "yours", "free"]);
    expect((await seatsFor(lobby, carol.idToken)).map((s) => s.state)).toEqual(["taken", "taken", "free"]);
    // Seats are per room.
    const other = await newLobby(revisionId);
    expect((await seatsFor(other, carol.idToken)).map((s) => s.state)).toEqual(["free", "free", "free"]);
  });

  it("gives a seat claimed by two users at once to exactly one of them", async () => {
    const lobby = await newLobby(revisionId);
    const answers = await Promise.all([take(lobby, "p3", bob.idToken), take(lobby, "p3", carol.idToken)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? bob : carol;
    expect((await seatsFor(lobby, winner.idToken))[2]?.state).toBe("yours");
  });

  it("gives any signed-in user a monitor ticket for the spectator, and claims nothing", async () => {
    const lobby = await newLobby(revisionId);
    for (const user of [alice, carol]) {
      const res = await take(lobby, "spectator", user.idToken);
      expect(res.status).toBe(200);
      const taken = (await res.json()) as Taken;
      expect(taken).toMatchObject({ seatId: "spectator", role: "monitor" });
      const ticket = await verifySeatTicket(env.ROOM_TICKET_SECRET, taken.ticket, {
        revisionId,
        roomId: lobby.roomId,
      });
      expect(ticket).toMatchObject({ seatId: "spectator", role: "monitor", players: ROSTER });
      expect(new URL(taken.gameUrl).searchParams.get("monitor")).toBe("1");
    }
    expect((await seatsFor(lobby, alice.idToken)).map((s) => s.state)).toEqual(["free", "free", "free"]);
  });

  it("plays on the tickets it gives, from a sandboxed page's origin (Origin: null); a ticket opens only its room", async () => {
    const lobby = await newLobby(revisionId);
    const seats = [];
    for (const [seatId, user] of [
      ["p1", alice],
      ["p2", bob],
      ["p3", carol],
    ] as const) {
      seats.push((await (await take(lobby, seatId, user.idToken)).json()) as Taken);
    }
    const players = [];
    for (const seat of seats) players.push(await join(seat.gameUrl));
    const you = await Promise.all(players.map(async (p) => (await p.next("__state", () => true, 0)).you.seatId));
    expect(you).toEqual(["p1", "p2", "p3"]);
    expect((await players[0]?.next("__game_start", () => true, 0))?.players).toEqual(ROSTER);
    expect(await players[1]?.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", ack: 1 });
    const spectator = await join(((await (await take(lobby, "spectator", carol.idToken)).json()) as Taken).gameUrl);
    expect((await spectator.next("__state")).you).toMatchObject({ seatId: "spectator", observer: true });
    expect(await spectator.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_error", code: "not_a_player" });
    for (const client of [...players, spectator]) client.close();

    const elsewhere = await fetchRequired(
      socketUrl(revisionId, "room-other", { ticket: (seats[0] as Taken).ticket, seatId: "p1" }),
      { headers: { Upgrade: "websocket" } },
    );
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.json()).toMatchObject({ error: "ticket_wrong_room" });
  });

  it("refuses a call without a user's ID token, with a publish-token ID token, a wrong key or an unknown seat", async () => {
    const lobby = await newLobby(revisionId);
    const cases: [Promise<Response>, number, string][] = [
      [take(lobby, "p1", null), 401, "missing_id_token"],
      [take(lobby, "p1", "not-a-token"), 401, "invalid_id_token"],
      [take(lobby, "p1", await publishTokenIdToken(alice.uid)), 403, "publish_token_not_allowed"],
      [take(lobby, "p1", alice.idToken, "A".repeat(22)), 403, "wrong_room_key"],
      [take(lobby, "p4", alice.idToken), 404, "seat_not_found"],
      [take(lobby, "p1", alice.idToken, ""), 400, "invalid_request"],
      [
        fetchRequired(`${ROOMS}/lobby/${revisionId}/${lobby.roomId}/seats`, {
          headers: { authorization: `Bearer ${alice.idToken}` },
        }),
        400,
        "invalid_request",
      ],
      [
        fetchRequired(`${ROOMS}/lobby/no-such-revision/${lobby.roomId}/seats?key=${lobby.config.key}`, {
          headers: { authorization: `Bearer ${alice.idToken}` },
        }),
        404,
        "revision_not_found",
      ],
    ];
    for (const [answer, status, error] of cases) {
      const res = await answer;
      expect(res.status, error).toBe(status);
      expect(await res.json()).toMatchObject({ error, message: expect.any(String) });
    }
    // None of them took the seat.
    expect((await seatsFor(lobby, bob.idToken)).map((s) => s.state)).toEqual(["free", "free", "free"]);
  });
});

describe("the lobby without sign-in", () => {
  let revisionId: string;
  let soloId: string;

  beforeAll(async () => {
    const user = await newUser();
    revisionId = await publishRevision(user.idToken, { files: FILES, logic: counterSource, playerCount: 2 });
    soloId = await publishRevision(user.idToken, { files: FILES, logic: null });
  });

  it("of a solo game: one link to its (sandboxed) page, no room, no sign-in", async () => {
    const res = await fetchRequired(`${ROOMS}/lobby/${soloId}/`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect([...page.matchAll(/href="([^"]+)" data-seat-kind="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      [`${ROOMS}/play/${soloId}/index.html`, "solo"],
    ]);
    expect(page).not.toContain("lobby-config");
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
  });

  it("of a bare dev setup (no ticket secret): plain links, one per seat and a spectator, any room id", async () => {
    const first = await fetchIn(bareEnv, `${ROOMS}/lobby/${revisionId}/`);
    const lobbyUrl = new URL(first.headers.get("location") as string);
    expect(lobbyUrl.searchParams.get("key")).toBeNull();
    const res = await fetchIn(bareEnv, `${ROOMS}/lobby/${revisionId}/?room=my-room`);
    expect(res.status).toBe(200);
    const links = [...(await res.text()).matchAll(/href="([^"]+)" data-seat-kind="(\w+)"/g)].map((m) => ({
      url: new URL((m[1] as string).replace(/&amp;/g, "&")),
      kind: m[2],
    }));
    expect(links.map((l) => l.kind)).toEqual(["player", "player", "spectator"]);
    expect(links.map((l) => l.url.searchParams.get("seatId"))).toEqual(["p1", "p2", "spectator"]);
    for (const { url } of links) {
      expect(url.origin + url.pathname).toBe(`${ROOMS}/play/${revisionId}/index.html`);
      expect(url.searchParams.get("roomId")).toBe("my-room");
      expect(url.searchParams.get("ticket")).toBeNull();
    }
    expect(links[2]?.url.searchParams.get("monitor")).toBe("1");
    const seat = await fetchIn(bareEnv, `${ROOMS}/lobby/${revisionId}/my-room/seats/p1`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${(await newUser()).idToken}` },
      body: JSON.stringify({ key: "whatever" }),
    });
    expect(seat.status).toBe(503);
    expect(await seat.json()).toMatchObject({ error: "tickets_unavailable" });
  });
});
