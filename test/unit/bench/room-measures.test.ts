import { describe, expect, it } from "vitest";
import {
  measureTrips,
  measureTripsInRounds,
  measureTripsInTurns,
  median,
  pooled,
  type TripTarget,
} from "../../../bench/lib/room-measures.ts";

/**
 * How the rooms bench takes turns between its round-trip targets: in turns of steady play (the
 * budgeted rows) or one trip each (the interleaved rows). The targets answer at once, so only the
 * order, the senders, the seqs and the counts are checked, never a time.
 */

interface Sent {
  target: string;
  sender: string;
  seq: number;
}

function fakeTarget(name: string, clients: string[], log: Sent[], others = clients.length - 1): TripTarget<string> {
  return {
    clients,
    send: (sender, seq) => {
      log.push({ target: name, sender, seq });
      return { own: Promise.resolve(), others: Array.from({ length: others }, () => Promise.resolve()) };
    },
  };
}

describe("measureTripsInTurns", () => {
  it("gives each target its turn of back-to-back trips and records all but the first `settle` of each", async () => {
    const log: Sent[] = [];
    const room = fakeTarget("room", ["a", "b", "c"], log);
    const peer = fakeTarget("peer", ["x", "y"], log);

    const [roomTrips, peerTrips] = await measureTripsInTurns([room, peer], {
      warmUp: 0,
      turns: 2,
      perTurn: 3,
      settle: 1,
    });

    expect(log.map((sent) => sent.target)).toEqual([
      ...Array(4).fill("room"),
      ...Array(4).fill("peer"),
      ...Array(4).fill("room"),
      ...Array(4).fill("peer"),
    ]);
    expect(roomTrips?.own).toHaveLength(6);
    expect(roomTrips?.others).toHaveLength(6 * 2);
    expect(peerTrips?.own).toHaveLength(6);
    expect(peerTrips?.others).toHaveLength(6 * 1);
  });

  it("first warms every target up with unrecorded trips, one target after the other", async () => {
    const log: Sent[] = [];
    const room = fakeTarget("room", ["a", "b"], log);
    const peer = fakeTarget("peer", ["x"], log);

    const [roomTrips] = await measureTripsInTurns([room, peer], { warmUp: 3, turns: 1, perTurn: 2, settle: 0 });

    expect(log.map((sent) => sent.target)).toEqual([
      ...Array(3).fill("room"),
      ...Array(3).fill("peer"),
      ...Array(2).fill("room"),
      ...Array(2).fill("peer"),
    ]);
    expect(roomTrips?.own).toHaveLength(2);
  });

  it("lets every client of a target send in turn", async () => {
    const log: Sent[] = [];
    await measureTripsInTurns([fakeTarget("room", ["a", "b", "c"], log)], {
      warmUp: 0,
      turns: 1,
      perTurn: 5,
      settle: 1,
    });

    expect(log.map((sent) => sent.sender)).toEqual(["a", "b", "c", "a", "b", "c"]);
  });
});

describe("measureTrips", () => {
  it("alternates the targets after every trip and records the trips after its warm-up", async () => {
    const log: Sent[] = [];
    const room = fakeTarget("room", ["a", "b"], log);
    const peer = fakeTarget("peer", ["x", "y"], log);

    const [roomTrips, peerTrips] = await measureTrips([room, peer], 4);

    expect(log.map((sent) => sent.target)).toEqual(
      Array.from({ length: 2 * (10 + 4) }, (_, i) => (i % 2 ? "peer" : "room")),
    );
    expect(log.filter((sent) => sent.target === "room").map((sent) => sent.sender)).toEqual(
      Array.from({ length: 14 }, (_, i) => (i % 2 ? "b" : "a")),
    );
    expect(roomTrips?.own).toHaveLength(4);
    expect(peerTrips?.own).toHaveLength(4);
  });
});

it("never uses a seq twice, across both ways of taking turns on the same targets", async () => {
  const log: Sent[] = [];
  const targets = [fakeTarget("room", ["a", "b"], log), fakeTarget("peer", ["x"], log)];

  await measureTripsInTurns(targets, { warmUp: 1, turns: 2, perTurn: 3, settle: 2 });
  await measureTrips(targets, 3);

  const seqs = log.map((sent) => sent.seq);
  expect(new Set(seqs).size).toBe(seqs.length);
});

describe("measureTripsInRounds", () => {
  it("warms up once, then keeps each round's trips apart per target", async () => {
    const log: Sent[] = [];
    const room = fakeTarget("room", ["a", "b"], log);
    const peer = fakeTarget("peer", ["x"], log);

    const [roomRounds, peerRounds] = await measureTripsInRounds(
      [room, peer],
      { warmUp: 2, turns: 1, perTurn: 3, settle: 1 },
      3,
    );

    expect(log.map((sent) => sent.target)).toEqual([
      ...Array(2).fill("room"),
      ...Array(2).fill("peer"),
      ...Array.from({ length: 3 }, () => [...Array(4).fill("room"), ...Array(4).fill("peer")]).flat(),
    ]);
    expect(roomRounds?.map((trips) => trips.own.length)).toEqual([3, 3, 3]);
    expect(peerRounds?.map((trips) => trips.own.length)).toEqual([3, 3, 3]);
    expect(pooled(roomRounds ?? []).others).toHaveLength(9);
  });
});

describe("median", () => {
  it("is the middle value, or the mean of the middle two, whatever the order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 100, 1, 2, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });
});
