import { describe, expect, it } from "vitest";
import { parseRoster } from "../../../src/engine/roster.ts";
import { verifySeatTicket } from "../../../src/room-access/seat-ticket.ts";
import { devRevisionId, devRoster, withDevRoster, withDevTicket } from "../../../tools/cli/dev-roster.ts";

const SECRET = "a-dev-ticket-secret-of-enough-length";

describe("scenario dev: roster and revisions", () => {
  it("builds seats p1..pN from the seat count", () => {
    expect(devRoster(3).map((seat) => seat.id)).toEqual(["p1", "p2", "p3"]);
  });

  it("replaces a client-declared roster with the CLI's, keeping the other parameters", () => {
    const roster = devRoster(2);
    const target = withDevRoster(
      `/rooms/ws/games/rev/room-1?seatId=p2&players=${encodeURIComponent('["mallory"]')}&nickname=x`,
      roster,
    );
    const url = new URL(target, "http://x");
    expect(url.pathname).toBe("/rooms/ws/games/rev/room-1");
    expect(url.searchParams.get("seatId")).toBe("p2");
    expect(url.searchParams.get("nickname")).toBe("x");
    expect(parseRoster(url.searchParams.get("players") as string)).toEqual(roster);
  });

  it("adds the roster when the client sent none", () => {
    const url = new URL(withDevRoster("/rooms/ws/games/rev/r?seatId=p1", devRoster(1)), "http://x");
    expect(JSON.parse(url.searchParams.get("players") as string)).toEqual([{ id: "p1", name: "Player 1" }]);
  });

  it("mints each seat's ticket: a player of the roster, a monitor, or an observer", async () => {
    const roster = devRoster(2);
    const room = { revisionId: "rev", roomId: "room-1" };
    const ticketOf = async (query: string) => {
      const url = new URL(await withDevTicket(`/rooms/ws/games/rev/room-1?${query}`, roster, SECRET), "http://x");
      return verifySeatTicket(SECRET, url.searchParams.get("ticket") as string, room);
    };
    expect(await ticketOf("seatId=p2")).toEqual({ ...room, seatId: "p2", role: "player", players: roster });
    expect(await ticketOf("seatId=screen&monitor=1")).toMatchObject({ seatId: "screen", role: "monitor" });
    expect(await ticketOf("seatId=spectator")).toMatchObject({ seatId: "spectator", role: "observer" });
  });

  it("makes revision ids the rooms accept, new for every build", () => {
    const roomIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
    const first = devRevisionId("My Game/ü", 1, 1_000);
    expect(first).toMatch(roomIdPattern);
    expect(devRevisionId("My Game/ü", 2, 1_000)).not.toBe(first);
    expect(devRevisionId("___", 1)).toMatch(roomIdPattern);
  });
});
