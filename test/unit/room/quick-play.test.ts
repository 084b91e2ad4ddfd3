import { describe, expect, it } from "vitest";
import {
  chooseQuickSeat,
  isFinished,
  type LobbyStatus,
  openLeases,
  QUICK_PLAY_FILLED_LIMIT,
  QUICK_PLAY_LEASE_MS,
  QUICK_PLAY_OPEN_MS,
  quickPlayRefusal,
  roomInPlay,
  type SeatLease,
  withFilledRooms,
} from "../../../src/room-access/quick-play";

const SEATS = ["p1", "p2"];
const NOW = 1_000_000_000;

function room(roomId: string, status: Partial<LobbyStatus>, openedAt = NOW - 1000) {
  return {
    room: { roomId, openedAt },
    status: { holders: {}, joined: [], started: false, seatsOnline: [], ...status },
  };
}

describe("quick play's choice of a seat", () => {
  it("seats a visitor in the first free seat of the oldest open room", () => {
    const look = chooseQuickSeat(
      [room("a", { holders: { p1: "alice" }, started: true, seatsOnline: ["p1"] }), room("b", {})],
      [],
      "bob",
      SEATS,
      NOW,
    );
    expect(look.seat).toEqual({ roomId: "a", seatId: "p2" });
    expect(look.pool.map((r) => r.roomId)).toEqual(["a", "b"]);
  });

  it("gives a visitor back the seat they hold in an open room, before any free seat", () => {
    const look = chooseQuickSeat([room("a", {}), room("b", { holders: { p1: "bob" } })], [], "bob", SEATS, NOW);
    expect(look.seat).toEqual({ roomId: "b", seatId: "p1" });
  });

  it("skips full, finished and stale rooms, and they leave the pool; none left means a new room", () => {
    const full = room("full", { holders: { p1: "x", p2: "y" }, started: true, seatsOnline: ["p1", "p2"] });
    const finished = room("finished", { holders: { p1: "x" }, started: true, seatsOnline: [] });
    const stale = room("stale", {}, NOW - QUICK_PLAY_OPEN_MS);
    const look = chooseQuickSeat([full, finished, stale], [], "bob", SEATS, NOW);
    expect(look.seat).toEqual({ roomId: null, seatId: null });
    expect(look.pool).toEqual([]);
    // One millisecond younger, the room still takes visitors.
    expect(chooseQuickSeat([room("young", {}, NOW - QUICK_PLAY_OPEN_MS + 1)], [], "bob", SEATS, NOW).seat).toEqual({
      roomId: "young",
      seatId: "p1",
    });
  });

  it("calls a room finished only when its game started and none of its seat holders is online", () => {
    const status = (started: boolean, seatsOnline: string[]) => ({
      holders: { p1: "x" },
      joined: [],
      started,
      seatsOnline,
    });
    expect(isFinished(status(false, []))).toBe(false);
    expect(isFinished(status(true, ["p1"]))).toBe(false);
    expect(isFinished(status(true, ["spectator"]))).toBe(true);
    expect(isFinished(status(true, []))).toBe(true);
  });

  it("keeps a full room in the pool while one of its seats is on lease, and an old room while a player waits there", () => {
    const lease: SeatLease = { roomId: "full", seatId: "p2", uid: "y", openedAt: NOW - 1000, until: NOW + 1 };
    const full = room("full", { holders: { p1: "x", p2: "y" }, started: true, seatsOnline: ["p1"] });
    const waiting = room(
      "waiting",
      { holders: { p1: "z" }, started: true, seatsOnline: ["p1"] },
      NOW - QUICK_PLAY_OPEN_MS,
    );
    const look = chooseQuickSeat([full, waiting], [lease], "bob", SEATS, NOW);
    expect(look.pool.map((r) => r.roomId)).toEqual(["full", "waiting"]);
    expect(look.seat).toEqual({ roomId: "waiting", seatId: "p2" });
  });
});

describe("a visitor who finds every room full", () => {
  const playing = (roomId: string, openedAt: number) =>
    room(roomId, { holders: { p1: "x", p2: "y" }, started: true, seatsOnline: ["p1", "p2"] }, openedAt);

  it("learns of the newest room in play: the players who came just before", () => {
    const rooms = [playing("older", NOW - 5000), playing("newest", NOW - 1000)];
    expect(roomInPlay(rooms, SEATS, NOW)?.roomId).toBe("newest");
    // The rooms that left the pool as full are the look's `filled`, for quick play to remember.
    expect(chooseQuickSeat(rooms, [], "carol", SEATS, NOW).filled.map((r) => r.roomId)).toEqual(["older", "newest"]);
  });

  it("is told of no room whose game is over, that is stale, or that still has a free seat", () => {
    const finished = room("finished", { holders: { p1: "x", p2: "y" }, started: true, seatsOnline: [] });
    const stale = room("stale", { holders: { p1: "x", p2: "y" } }, NOW - QUICK_PLAY_OPEN_MS);
    const free = room("free", { holders: { p1: "x" }, started: true, seatsOnline: ["p1"] });
    expect(roomInPlay([finished, stale, free], SEATS, NOW)).toBeNull();
    // Two seats held before either socket came: the game is about to start, so it counts.
    expect(roomInPlay([room("starting", { holders: { p1: "x", p2: "y" } })], SEATS, NOW)?.roomId).toBe("starting");
  });

  it("a player who comes back finds their seat in a filled room still in play, not in one whose game is over", () => {
    const theirs = playing("theirs", NOW - 1000);
    expect(chooseQuickSeat([], [], "x", SEATS, NOW, [theirs])).toMatchObject({
      seat: { roomId: "theirs", seatId: "p1" },
      held: true,
    });
    const over = room("over", { holders: { p1: "x", p2: "y" }, started: true, seatsOnline: [] });
    expect(chooseQuickSeat([], [], "x", SEATS, NOW, [over]).seat).toEqual({ roomId: null, seatId: null });
  });

  it("quick play remembers the newest filled rooms, each once", () => {
    const rooms = Array.from({ length: QUICK_PLAY_FILLED_LIMIT + 2 }, (_, i) => ({ roomId: `r${i}`, openedAt: i }));
    const kept = withFilledRooms(withFilledRooms([], rooms), [{ roomId: "r2", openedAt: 2 }]);
    expect(kept.map((r) => r.roomId)).toEqual(["r3", "r4", "r5", "r2"]);
  });
});

describe("quick play's leases", () => {
  const lease = (seatId: string, uid: string): SeatLease => ({
    roomId: "a",
    seatId,
    uid,
    openedAt: NOW,
    until: NOW + QUICK_PLAY_LEASE_MS,
  });

  it("end when a socket of the holder came or the seat is no longer theirs; leases of rooms not looked at stay", () => {
    const status: LobbyStatus = { holders: { p1: "x", p2: "y" }, joined: ["p1"], started: true, seatsOnline: ["p1"] };
    const other = { ...lease("p1", "w"), roomId: "b" };
    const open = openLeases([lease("p1", "x"), lease("p2", "y"), lease("p3", "z"), other], new Map([["a", status]]));
    expect(open).toEqual([lease("p2", "y"), other]);
  });

  it("let an account hold one untaken seat at a time, and none while it cools down", () => {
    expect(quickPlayRefusal("x", [lease("p2", "y")], undefined, NOW)).toBeNull();
    expect(quickPlayRefusal("x", [lease("p1", "x")], undefined, NOW)).toMatchObject({
      code: "too_many_open_seats",
      retryAfterSeconds: QUICK_PLAY_LEASE_MS / 1000,
    });
    expect(quickPlayRefusal("x", [], NOW + 90_500, NOW)).toMatchObject({
      code: "quick_play_cooldown",
      retryAfterSeconds: 91,
    });
    expect(quickPlayRefusal("x", [], NOW, NOW)).toBeNull();
  });
});
