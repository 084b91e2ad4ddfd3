import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { verifySeatTicket } from "../../../src/room-tickets/seat-ticket";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import { ROOMS, socketUrl, TestClient } from "./support";

const FILES = {
  "index.html":
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="client.js"></script></body></html>',
  "client.js": 'import { startGame } from "/sdk.js";',
  "style.css": "body{}",
  "art/logo.svg": "<svg/>",
};

const get = (url: string) => exports.default.fetch(url, { redirect: "manual" });

/** The platform as stg and prd run it: a seat needs a ticket. */
const requiredEnv = { ...env, ROOM_TICKETS: "required" } as Env;

async function fetchRequired(url: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { redirect: "manual", ...init }), requiredEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

interface Link {
  url: URL;
  kind: string;
}

function linksOf(page: string): Link[] {
  return [...page.matchAll(/href="([^"]+)" data-seat-kind="(\w+)"/g)].map(([, href, kind]) => ({
    url: new URL((href as string).replace(/&amp;/g, "&")),
    kind: kind as string,
  }));
}

/** A fresh room's lobby (stg/prd settings): its URL, room id and links. */
async function lobbyRequired(revisionId: string): Promise<{ lobbyUrl: string; roomId: string; links: Link[] }> {
  const first = await fetchRequired(`${ROOMS}/play/${revisionId}/`);
  expect(first.status).toBe(302);
  const lobbyUrl = first.headers.get("location") as string;
  const page = await fetchRequired(lobbyUrl);
  expect(page.status).toBe(200);
  return { lobbyUrl, roomId: new URL(lobbyUrl).searchParams.get("room") as string, links: linksOf(await page.text()) };
}

/** Opens the socket a link's page would open (server, room and the link's query), tickets required. */
async function openSocket(link: URL, change: { roomId?: string; seatId?: string } = {}): Promise<Response> {
  const query: Record<string, string> = {};
  for (const name of ["seatId", "nickname", "monitor", "players", "ticket"]) {
    const value = link.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  if (change.seatId) query.seatId = change.seatId;
  const revisionId = link.searchParams.get("revisionId") as string;
  const roomId = change.roomId ?? (link.searchParams.get("roomId") as string);
  return fetchRequired(socketUrl(revisionId, roomId, query), { headers: { Upgrade: "websocket" } });
}

async function joinVia(link: URL, change?: { roomId?: string; seatId?: string }): Promise<TestClient> {
  const res = await openSocket(link, change);
  expect(res.status).toBe(101);
  (res.webSocket as WebSocket).accept();
  return new TestClient(res.webSocket as WebSocket);
}

describe("the play page of a published revision", () => {
  let revisionId: string;
  let soloId: string;

  beforeAll(async () => {
    const user = await newUser();
    revisionId = await publishRevision(user.idToken, {
      files: FILES,
      logic: counterSource,
      playerCount: 3,
      name: "Counter",
    });
    soloId = await publishRevision(user.idToken, { files: FILES, logic: null });
  });

  it("lobby: creates a room and hands out one link per seat and a spectator link", async () => {
    const first = await get(`${ROOMS}/play/${revisionId}/`);
    expect(first.status).toBe(302);
    const lobbyUrl = first.headers.get("location") as string;
    const roomId = new URL(lobbyUrl).searchParams.get("room");
    expect(roomId).toMatch(/^room-/);
    const page = await (await get(lobbyUrl)).text();
    const links = linksOf(page);
    expect(links.map((l) => l.kind)).toEqual(["player", "player", "player", "spectator"]);
    for (const { url } of links) {
      expect(url.pathname).toBe(`/rooms/play/${revisionId}/index.html`);
      expect(url.searchParams.get("server")).toBe(ROOMS);
      expect(url.searchParams.get("roomId")).toBe(roomId);
      expect(url.searchParams.get("revisionId")).toBe(revisionId);
    }
    expect(links.map((l) => l.url.searchParams.get("seatId"))).toEqual(["p1", "p2", "p3", "spectator"]);
    expect(links[3]?.url.searchParams.get("monitor")).toBe("1");
    // Another room on request.
    const again = await get(`${ROOMS}/play/${revisionId}/?room=${roomId}&new=1`);
    expect(new URL(again.headers.get("location") as string).searchParams.get("room")).not.toBe(roomId);
  });

  it("lobby with tickets required: every seat link opens its own seat, the spectator link a monitor", async () => {
    const { roomId, links } = await lobbyRequired(revisionId);
    expect(links.map((l) => l.kind)).toEqual(["player", "player", "player", "spectator"]);
    const room = { revisionId, roomId };
    const tickets = await Promise.all(
      links.map((l) => verifySeatTicket(env.ROOM_TICKET_SECRET, l.url.searchParams.get("ticket") as string, room)),
    );
    const roster = [
      { id: "p1", name: "Player 1" },
      { id: "p2", name: "Player 2" },
      { id: "p3", name: "Player 3" },
    ];
    expect(tickets.map((t) => [t.seatId, t.role])).toEqual([
      ["p1", "player"],
      ["p2", "player"],
      ["p3", "player"],
      ["spectator", "monitor"],
    ]);
    for (const t of tickets) expect(t.players).toEqual(roster);

    const players = [];
    for (const link of links.slice(0, 3)) players.push(await joinVia(link.url));
    const seats = await Promise.all(players.map(async (p) => (await p.next("__state", () => true, 0)).you.seatId));
    expect(seats).toEqual(["p1", "p2", "p3"]);
    expect((await players[0]?.next("__game_start", () => true, 0))?.players).toEqual(roster);
    expect(await players[1]?.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", ack: 1 });

    const spectator = await joinVia((links[3] as Link).url);
    expect((await spectator.next("__state")).you).toMatchObject({ seatId: "spectator", observer: true });
    expect(await spectator.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_error", code: "not_a_player" });
    for (const client of [...players, spectator]) client.close();
  });

  it("lobby with tickets required: a link's ticket opens no other room and no other seat", async () => {
    const { links } = await lobbyRequired(revisionId);
    const p1 = (links[0] as Link).url;
    const other = await openSocket(p1, { roomId: "room-other" });
    expect(other.status).toBe(401);
    expect(await other.json()).toMatchObject({ error: "ticket_wrong_room" });
    // Asking for p2 with p1's ticket seats p1: the ticket decides the seat.
    const asP2 = await joinVia(p1, { seatId: "p2" });
    expect((await asP2.next("__state")).you.seatId).toBe("p1");
    asP2.close();
    // Without the ticket the room refuses the link.
    const bare = new URL(p1);
    bare.searchParams.delete("ticket");
    expect((await openSocket(bare)).status).toBe(401);
  });

  it("lobby: mints tickets only for a room it made (its key), else makes a new room", async () => {
    const { lobbyUrl, roomId } = await lobbyRequired(revisionId);
    expect(new URL(lobbyUrl).searchParams.get("key")).toMatch(/^[\w-]{22}$/);
    // Reloading the lobby shows the same room.
    expect((await fetchRequired(lobbyUrl)).status).toBe(200);
    for (const query of [
      `room=${roomId}`,
      `room=someone-elses-room&key=${new URL(lobbyUrl).searchParams.get("key")}`,
    ]) {
      const res = await fetchRequired(`${ROOMS}/play/${revisionId}/?${query}`);
      expect(res.status).toBe(302);
      const moved = new URL(res.headers.get("location") as string).searchParams.get("room");
      expect(moved).not.toBe(roomId);
      expect(moved).not.toBe("someone-elses-room");
    }
  });

  it("lobby of a solo scenario: one link, no room (solo mode)", async () => {
    const res = await get(`${ROOMS}/play/${soloId}/`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect([...page.matchAll(/href="([^"]+)" data-seat-kind="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      [`${ROOMS}/play/${soloId}/index.html`, "solo"],
    ]);
  });

  it("serves the client files with their content types, cached for good, HTML with the SDK import map", async () => {
    const html = await get(`${ROOMS}/play/${revisionId}/index.html`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("cache-control")).toContain("immutable");
    const text = await html.text();
    expect(text).toContain(`<head><script type="importmap">{"imports":{"/sdk.js":"${ROOMS}/sdk.js"}}</script>`);
    expect((await get(`${ROOMS}/play/${revisionId}/client.js`)).headers.get("content-type")).toContain(
      "text/javascript",
    );
    expect((await get(`${ROOMS}/play/${revisionId}/style.css`)).headers.get("content-type")).toContain("text/css");
    const svg = await get(`${ROOMS}/play/${revisionId}/art/logo.svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toBe("<svg/>");
  });

  it("serves the SDK at /sdk.js", async () => {
    const res = await get(`${ROOMS}/sdk.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(await res.text()).toContain("startGame");
  });

  it("answers 404 to a missing file and an unknown revision", async () => {
    expect((await get(`${ROOMS}/play/${revisionId}/nope.js`)).status).toBe(404);
    expect((await get(`${ROOMS}/play/no-such-revision/`)).status).toBe(404);
    expect((await get(`${ROOMS}/play/no-such-revision/index.html`)).status).toBe(404);
  });

  it.each(["%2F..%2Fsecret", "a%2F..%2F..%2Fx", "..%5Cx", "a//b", "%00x"])(
    "refuses the path %s with 400",
    async (path) => {
      const res = await get(`${ROOMS}/play/${revisionId}/${path}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_path" });
    },
  );
});
