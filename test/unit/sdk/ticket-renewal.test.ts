import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOBBY_REQUEST } from "../../../browser/sdk/frame-messages";
import { lobbyReturn } from "../../../browser/sdk/lobby-return";
import { selectMode } from "../../../browser/sdk/mode";
import { reconnectDelay } from "../../../browser/sdk/online-connection";
import { OnlineSession } from "../../../browser/sdk/online-session";
import {
  defaultRenewer,
  type PageLike,
  RENEW_REQUEST,
  RENEWED,
  type TicketRenewer,
  ticketExpired,
} from "../../../browser/sdk/ticket-renewal";
import { mintSeatTicket } from "../../../src/room-access/seat-ticket";
import { socketFactory } from "./fake-socket";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const START = Date.UTC(2026, 0, 1);
const TEN_MINUTES = 10 * 60 * 1000;
const ROSTER = [{ id: "p1" }, { id: "p2" }];

function ticketAt(now: number): Promise<string> {
  return mintSeatTicket(
    SECRET,
    { revisionId: "rev-1", roomId: "room-1", seatId: "p1", role: "player", players: ROSTER },
    { now, ttlSeconds: TEN_MINUTES / 1000 },
  );
}

/** A player's session on a ticket minted at START, with the test's wall clock and renewer. */
async function playerOn(ticket: string, renew: TicketRenewer | null) {
  const wall = { now: START };
  const sockets = socketFactory();
  const mode = selectMode(
    new URLSearchParams({
      server: "https://rooms.example.com",
      roomId: "room-1",
      revisionId: "rev-1",
      seatId: "p1",
      ticket,
    }),
  );
  if (mode.kind !== "online") throw new Error("expected online mode");
  const session = new OnlineSession(
    mode,
    null,
    sockets.create,
    () => 0,
    () => 0.5,
    { renew, wallClock: () => wall.now },
  );
  const statuses: string[] = [];
  const reasons: string[] = [];
  session.on("connection", ({ status, reason }) => {
    statuses.push(status);
    if (reason !== undefined) reasons.push(reason);
  });
  await Promise.resolve();
  return { session, sockets, wall, statuses, reasons };
}

const ticketOf = (url: string) => new URL(url).searchParams.get("ticket");

/** Lets the renewer's promise and the connection's `then` run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a seat ticket that runs out", () => {
  it("is renewed by its issuer before the socket after its expiry; the new socket carries the fresh ticket", async () => {
    const old = await ticketAt(START);
    const fresh = await ticketAt(START + TEN_MINUTES);
    const renew = vi.fn(async () => fresh);
    const { sockets, wall, statuses } = await playerOn(old, renew);
    // The first socket plays on the page's ticket; a drop within its time reconnects on it too.
    expect(ticketOf(sockets.latest().url)).toBe(old);
    sockets.latest().accept();
    sockets.latest().drop();
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
    expect(sockets.sockets).toHaveLength(2);
    expect(ticketOf(sockets.latest().url)).toBe(old);
    expect(renew).not.toHaveBeenCalled();

    // Ten minutes on, the room refuses that ticket (its upgrade never opens): the next socket waits for a fresh one.
    wall.now = START + TEN_MINUTES;
    sockets.latest().drop();
    vi.advanceTimersByTime(reconnectDelay(2, () => 0.5));
    await settle();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(sockets.sockets).toHaveLength(3);
    expect(ticketOf(sockets.latest().url)).toBe(fresh);
    sockets.latest().accept();
    expect(statuses.at(-1)).toBe("open");
    expect(statuses).not.toContain("expired");
  });

  it("ends the session as expired, with no more sockets, when the issuer gives none or there is no issuer", async () => {
    const old = await ticketAt(START);
    for (const renew of [vi.fn(async (): Promise<string> => Promise.reject(new Error("signed out"))), null]) {
      const { sockets, wall, statuses } = await playerOn(old, renew);
      sockets.latest().accept();
      wall.now = START + TEN_MINUTES + 1;
      sockets.latest().drop();
      vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
      await settle();
      expect(statuses.at(-1)).toBe("expired");
      vi.advanceTimersByTime(60_000);
      expect(sockets.sockets).toHaveLength(1);
    }
  });

  it("reads the expiry from the ticket itself, and leaves a ticket it cannot read to the room", async () => {
    const ticket = await ticketAt(START);
    expect(ticketExpired(ticket, START + TEN_MINUTES - 1)).toBe(false);
    expect(ticketExpired(ticket, START + TEN_MINUTES)).toBe(true);
    expect(ticketExpired("not-a-ticket", START + TEN_MINUTES)).toBe(false);
  });
});

/** The game page of a published revision, as the rooms app serves it. */
const GAME_PAGE = "https://rooms.example.com/play/rev-1/index.html?roomId=room-1&seatId=p1";

/** A page at `href` with a recorded location and message listeners, framed by `parent` when given. */
function fakePage(parent?: { postMessage: (message: unknown, target: string) => void }, href = GAME_PAGE) {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const replaced: string[] = [];
  const assigned: string[] = [];
  const page: PageLike = {
    location: { href, replace: (url) => replaced.push(url), assign: (url) => assigned.push(url) },
    parent: undefined,
    addEventListener: (_type, listener) => listeners.push(listener),
    removeEventListener: (_type, listener) => listeners.splice(listeners.indexOf(listener), 1),
  };
  page.parent = parent ?? page;
  const deliver = (data: unknown, source: unknown) => {
    for (const listener of [...listeners]) listener({ data, source } as MessageEvent);
  };
  return { page, replaced, assigned, deliver, listeners };
}

describe("where a fresh ticket comes from", () => {
  const seat = { roomId: "room-1", seatId: "p1" };
  const lobby = "https://rooms.example.com/lobby/rev-1/?room=room-1&key=k&seat=p1";

  it("a lobby's game goes back through the seat's lobby link: the rooms' own lobby of its revision", async () => {
    const { page, replaced } = fakePage();
    const params = new URLSearchParams({ server: "https://rooms.example.com", revisionId: "rev-1", lobby });
    void defaultRenewer(params, seat, page)?.();
    expect(replaced).toEqual([lobby]);
    // Under a base path (local dev serves the rooms at /rooms).
    const local = fakePage(undefined, "http://localhost:8787/rooms/play/rev-1/index.html?seatId=p1");
    const localLobby = "http://localhost:8787/rooms/lobby/rev-1/?room=room-1&key=k&seat=p1";
    void defaultRenewer(new URLSearchParams({ revisionId: "rev-1", lobby: localLobby }), seat, local.page)?.();
    expect(local.replaced).toEqual([localLobby]);
  });

  it("follows no other lobby link: the renewal fails with the reason and the page stays", async () => {
    const refused = [
      // The open redirect: a `server` of the attacker's, and a lobby on its origin.
      ["https://evil.example/lobby/rev-1/", "https://evil.example"],
      ["https://rooms.example.com/auth/login?client_id=play", "https://rooms.example.com"],
      ["https://rooms.example.com/lobby/rev-2/", "https://rooms.example.com"],
      ["https://rooms.example.com/play/rev-1/index.html", "https://rooms.example.com"],
      ["https://rooms.example.com/lobby/rev-1/../../elsewhere/", "https://rooms.example.com"],
      ["https://rooms.example.com/lobby/rev-1/?room=room-1&next=https://evil.example", "https://rooms.example.com"],
      ["https://user@rooms.example.com/lobby/rev-1/", "https://rooms.example.com"],
      ["http://rooms.example.com/lobby/rev-1/", "https://rooms.example.com"],
      ["javascript:alert(1)", "https://rooms.example.com"],
      ["/lobby/rev-1/", "https://rooms.example.com"],
    ];
    for (const [target, server] of refused as [string, string][]) {
      const { page, replaced } = fakePage();
      const renew = defaultRenewer(new URLSearchParams({ server, revisionId: "rev-1", lobby: target }), seat, page);
      await expect(renew?.(), target).rejects.toThrow("not this game's lobby");
      expect(replaced, target).toEqual([]);
    }
    // The right link on a page that is not the revision's game page is no lobby of it either.
    const elsewhere = fakePage(undefined, "https://rooms.example.com/play/rev-2/index.html");
    const renew = defaultRenewer(new URLSearchParams({ revisionId: "rev-1", lobby }), seat, elsewhere.page);
    await expect(renew?.()).rejects.toThrow("not this game's lobby");
    expect(elsewhere.replaced).toEqual([]);
  });

  it("a session whose lobby link is refused ends as expired, saying why, with no more sockets", async () => {
    const { page, replaced } = fakePage();
    const params = new URLSearchParams({
      server: "https://evil.example",
      revisionId: "rev-1",
      lobby: "https://evil.example/x",
    });
    const { sockets, wall, statuses, reasons } = await playerOn(
      await ticketAt(START),
      defaultRenewer(params, seat, page),
    );
    sockets.latest().accept();
    wall.now = START + TEN_MINUTES + 1;
    sockets.latest().drop();
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
    await settle();
    expect(statuses.at(-1)).toBe("expired");
    expect(reasons).toEqual(["the game URL's lobby link is not this game's lobby: https://evil.example/x"]);
    expect(replaced).toEqual([]);
    expect(sockets.sockets).toHaveLength(1);
  });

  it("a framed page asks its host app, and takes the answer from that parent only", async () => {
    const requests: unknown[] = [];
    const parent = { postMessage: (message: unknown) => requests.push(message) };
    const { page, deliver, listeners } = fakePage(parent);
    const renewed = defaultRenewer(new URLSearchParams(), seat, page)?.();
    expect(requests).toEqual([{ type: RENEW_REQUEST, roomId: "room-1", seatId: "p1" }]);
    deliver({ type: RENEWED, ticket: "from-someone-else" }, {});
    deliver({ type: RENEWED, ticket: "fresh" }, parent);
    await expect(renewed).resolves.toBe("fresh");
    expect(listeners).toHaveLength(0);
  });

  it("a lobby's game in the lobby's frame asks the lobby, its parent, and never navigates the frame", async () => {
    const requests: unknown[] = [];
    const parent = { postMessage: (message: unknown) => requests.push(message) };
    const { page, replaced, deliver } = fakePage(parent);
    const params = new URLSearchParams({ server: "https://rooms.example.com", revisionId: "rev-1", lobby });
    const renewed = defaultRenewer(params, seat, page)?.();
    expect(requests).toEqual([{ type: RENEW_REQUEST, roomId: "room-1", seatId: "p1" }]);
    deliver({ type: RENEWED, ticket: "fresh" }, parent);
    await expect(renewed).resolves.toBe("fresh");
    expect(replaced).toEqual([]);
  });

  it("a lobby's game reloaded in its frame, its fragment gone, asks the lobby for a ticket before its first socket", async () => {
    const sockets = socketFactory();
    const mode = selectMode(
      new URLSearchParams({ server: "https://rooms.example.com", roomId: "room-1", revisionId: "rev-1", seatId: "p1" }),
    );
    if (mode.kind !== "online") throw new Error("expected online mode");
    const session = new OnlineSession(
      mode,
      null,
      sockets.create,
      () => 0,
      () => 0.5,
      {
        renew: () => Promise.resolve("from-the-lobby"),
        wallClock: () => START,
        ticketFromIssuer: true,
      },
    );
    await settle();
    expect(sockets.sockets.map((socket) => ticketOf(socket.url))).toEqual(["from-the-lobby"]);
    session.close();
  });

  it("a page opened on its own has no issuer to ask", () => {
    expect(defaultRenewer(new URLSearchParams(), seat, fakePage().page)).toBeNull();
  });
});

describe("the way back to the lobby", () => {
  const lobby = "https://rooms.example.com/lobby/rev-1/?room=room-1&key=k&seat=p1";
  const params = new URLSearchParams({ revisionId: "rev-1", lobby });

  it("a game in the lobby's frame asks the lobby, its parent", () => {
    const requests: unknown[] = [];
    const { page, assigned } = fakePage({ postMessage: (message) => requests.push(message) });
    lobbyReturn(params, page)?.();
    expect(requests).toEqual([{ type: LOBBY_REQUEST }]);
    expect(assigned).toEqual([]);
  });

  it("a game page of its own goes to its room's lobby, without the seat (which would open the game again)", () => {
    const { page, assigned } = fakePage();
    lobbyReturn(params, page)?.();
    expect(assigned).toEqual(["https://rooms.example.com/lobby/rev-1/?room=room-1&key=k"]);
  });

  it("there is none without a lobby link, or with a link that is not this game's lobby", () => {
    expect(lobbyReturn(new URLSearchParams({ revisionId: "rev-1" }), fakePage().page)).toBeNull();
    const elsewhere = new URLSearchParams({ revisionId: "rev-1", lobby: "https://evil.example/lobby/rev-1/" });
    expect(lobbyReturn(elsewhere, fakePage().page)).toBeNull();
  });
});
