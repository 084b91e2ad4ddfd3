import { describe, expect, it } from "vitest";
import { chooseQuickSeat, isFinished, type LobbyStatus, QUICK_PLAY_OPEN_MS } from "../../../src/room-access/quick-play";

const SEATS = ["p1", "p2"];
const NOW = 1_000_000_000;

function room(roomId: string, status: Partial<LobbyStatus>, openedAt = NOW - 1000) {
  return { room: { roomId, openedAt }, status: { holders: {}, started: false, seatsOnline: [], ...status } };
}

describe("quick play's choice of a seat", () => {
  it("seats a visitor in the first free seat of the oldest open room", () => {
    const look = chooseQuickSeat(
      [room("a", { holders: { p1: "alice" }, started: true, seatsOnline: ["p1"] }), room("b", {})],
      "bob",
      SEATS,
      NOW,
    );
    expect(look.seat).toEqual({ roomId: "a", seatId: "p2" });
    expect(look.pool.map((r) => r.roomId)).toEqual(["a", "b"]);
  });

  it("gives a visitor back the seat they hold in an open room, before any free seat", () => {
    const look = chooseQuickSeat([room("a", {}), room("b", { holders: { p1: "bob" } })], "bob", SEATS, NOW);
    expect(look.seat).toEqual({ roomId: "b", seatId: "p1" });
  });

  it("skips full, finished and stale rooms, and they leave the pool; none left means a new room", () => {
    const full = room("full", { holders: { p1: "x", p2: "y" }, started: true, seatsOnline: ["p1", "p2"] });
    const finished = room("finished", { holders: { p1: "x" }, started: true, seatsOnline: [] });
    const stale = room("stale", {}, NOW - QUICK_PLAY_OPEN_MS);
    const look = chooseQuickSeat([full, finished, stale], "bob", SEATS, NOW);
    expect(look.seat).toEqual({ roomId: null, seatId: null });
    expect(look.pool).toEqual([]);
    // One millisecond younger, the room still takes visitors.
    expect(chooseQuickSeat([room("young", {}, NOW - QUICK_PLAY_OPEN_MS + 1)], "bob", SEATS, NOW).seat).toEqual({
      roomId: "young",
      seatId: "p1",
    });
  });

  it("calls a room finished only when its game started and none of its seat holders is online", () => {
    expect(isFinished({ holders: { p1: "x" }, started: false, seatsOnline: [] })).toBe(false);
    expect(isFinished({ holders: { p1: "x" }, started: true, seatsOnline: ["p1"] })).toBe(false);
    expect(isFinished({ holders: { p1: "x" }, started: true, seatsOnline: ["spectator"] })).toBe(true);
    expect(isFinished({ holders: { p1: "x" }, started: true, seatsOnline: [] })).toBe(true);
  });
});
