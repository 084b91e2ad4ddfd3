import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { connect, publish, ROSTER, roomStub, statsWhen, twoPlayers } from "./support";

describe("actions over WebSockets", () => {
  it("acks the sender and gives both clients the same new state", async () => {
    const { alice, bob } = await twoPlayers();
    const since = bob.frames.length;
    const mine = await alice.act("add", { n: 5 }, 1);
    const theirs = await bob.next("__action_result", () => true, since);
    expect(mine).toMatchObject({
      ack: 1,
      state: { count: 5 },
      events: [{ name: "added", data: { by: "alice", n: 5 } }],
    });
    expect(theirs).toMatchObject({ ack: null, by: "alice", state: mine.state, events: mine.events });
  });

  it("rolls back a reducer exception: error to the sender only, state unchanged, nothing broadcast", async () => {
    const { alice, bob } = await twoPlayers();
    await alice.act("add", { n: 1 }, 1);
    const bobSince = bob.frames.length;
    const error = await alice.act("explode", {}, 2);
    expect(error).toMatchObject({ type: "__action_error", code: "action_failed", error: "boom", seq: 2 });
    const after = await alice.act("add", { n: 1 }, 3);
    expect(after.state.count).toBe(2);
    const bobSaw = bob.frames.slice(bobSince);
    expect(bobSaw.filter((f) => f.type === "__action_error")).toEqual([]);
    await bob.next("__action_result", (f) => f.state.count === 2, bobSince);
    expect(bobSaw.some((f) => f.state?.count === 999)).toBe(false);
  });

  it("rejects unknown actions and actions before the start", async () => {
    const { alice, revisionId } = await twoPlayers();
    expect(await alice.act("fly", {}, 1)).toMatchObject({
      type: "__action_error",
      code: "unknown_action",
      error: "Unknown action: fly",
    });
    const early = await connect(revisionId, "not-started", { seatId: "alice" });
    await early.next("__state");
    expect(await early.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_error", code: "not_started" });
  });

  it("applies actions strictly in arrival order, from several connections of one seat too", async () => {
    const { alice, revisionId, roomId } = await twoPlayers();
    const alicePhone = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await alicePhone.next("__state");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? alice : alicePhone).act("add", { n: 1 }, i + 1)),
    );
    expect(results.every((r) => r.type === "__action_result")).toBe(true);
    expect(results.map((r) => r.state.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("runs serverActions in the sandbox with seeded randomness and reports serverEvents", async () => {
    const { alice } = await twoPlayers();
    const result = await alice.act("roll", {}, 1);
    expect(result.state.rolls).toHaveLength(1);
    expect(result.serverEvents).toEqual([{ name: "rolled", data: { value: result.state.rolls[0] } }]);
  });

  it("answers __request_state with the full current state", async () => {
    const { alice } = await twoPlayers();
    await alice.act("add", { n: 3 }, 1);
    const since = alice.frames.length;
    alice.send({ type: "__request_state" });
    expect(await alice.next("__state", () => true, since)).toMatchObject({ state: { count: 3 }, started: true });
  });
});

describe("ticks", () => {
  it("broadcasts __tick to every connection while the game runs", async () => {
    const { alice, bob } = await twoPlayers("ticker");
    const tick = await alice.next("__tick");
    expect(tick).toMatchObject({ state: { ticks: expect.any(Number) }, tick: expect.any(Number), events: [] });
    await bob.next("__tick");
  });

  it("keeps ticking after an update() exception, skipping that tick's broadcast", async () => {
    const { alice } = await twoPlayers("ticker");
    const result = await alice.act("failNextTick", {}, 1);
    const failing = result.state.failAtTick;
    const after = await alice.next("__tick", (f) => f.tick > failing);
    expect(alice.ofType("__tick").some((f) => f.tick === failing)).toBe(false);
    expect(after.state.ticks).toBeGreaterThan(0);
  });

  it("does not start the tick loop before the game starts", async () => {
    const revisionId = await publish("ticker");
    const roomId = `room-${crypto.randomUUID()}`;
    const stub = roomStub(revisionId, roomId);
    const alice = await connect(revisionId, roomId, { seatId: "alice" });
    expect(await alice.next("__state")).toMatchObject({ started: false });
    expect(await stub.stats()).toMatchObject({ connections: 1, started: false, ticking: false });
    await alice.roundTrip();
    expect(alice.ofType("__tick")).toEqual([]);
    await connect(revisionId, roomId, { seatId: "bob", players: ROSTER });
    await alice.next("__tick");
    expect(await stub.stats()).toMatchObject({ started: true, ticking: true });
  });

  it("stops the tick loop when the last connection leaves", async () => {
    const { alice, bob, stub } = await twoPlayers("ticker");
    await alice.next("__tick");
    expect((await stub.stats()).ticking).toBe(true);
    const since = bob.frames.length;
    alice.close();
    await bob.next("__platform", (f) => f.message.payload.seats[0].connections === 0, since);
    expect((await stub.stats()).ticking).toBe(true);
    bob.close();
    expect(await statsWhen(stub, (stats) => stats.connections === 0)).toMatchObject({ ticking: false });
  });

  it("drops __input beyond 20 per second (not queued), with one structured log line for the lot", async () => {
    const warn = vi.spyOn(console, "warn");
    try {
      const { alice, stub } = await twoPlayers("ticker");
      for (let x = 1; x <= 30; x++) alice.send({ type: "__input", data: { x } });
      await alice.roundTrip();
      expect((await alice.next("__tick")).state.lastInputs).toEqual({ alice: { x: 20 } });
      // Had the excess been queued, it would arrive once the second is over: move the room's clock past it.
      await runInDurableObject(stub, (room: Room) => {
        room.clock = () => Date.now() + 1_100;
      });
      await alice.roundTrip();
      expect((await alice.next("__tick")).state.lastInputs).toEqual({ alice: { x: 20 } });
      const lines = warn.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes("input over the rate limit dropped"))
        .map((line) => JSON.parse(line));
      expect(lines).toEqual([
        expect.objectContaining({
          severity: "WARNING",
          message: "input over the rate limit dropped",
          app: "rooms",
          component: "room",
          limit: 20,
          playerId: "alice",
          connectionId: expect.any(String),
        }),
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("stops ticking while paused, and ticks again on resume", async () => {
    const { alice, stub } = await twoPlayers("ticker");
    await alice.next("__tick");
    alice.send({ type: "__pause" });
    await alice.next("__pause_state", (f) => f.frozen === true);
    expect((await stub.stats()).ticking).toBe(false);
    const first = await alice.roundTrip();
    const count = alice.ofType("__tick").length;
    const second = await alice.roundTrip();
    expect(second).toMatchObject({ frozen: true, tick: first.tick, gameTime: first.gameTime });
    expect(alice.ofType("__tick").length).toBe(count);
    alice.send({ type: "__resume" });
    await alice.next("__pause_state", (f) => f.frozen === false);
    expect((await alice.next("__tick")).tick).toBeGreaterThan(second.tick);
  });
});

describe("actions that arrive while the sandbox is busy", () => {
  it("run together in one call, each answered in arrival order with its own rollback", async () => {
    const { alice, bob, stub } = await twoPlayers("slow");
    const before = (await stub.stats()).actionCalls;
    for (let seq = 1; seq <= 20; seq++) {
      const who = seq % 2 ? alice : bob;
      who.send({ type: "__action", action: seq === 7 ? "explode" : "slow", payload: { ms: 10 }, seq });
    }
    const last = await bob.next("__action_result", (f) => f.ack === 20, 0);
    expect(last.state.count).toBe(19);
    // Every other connection saw the results in arrival order, the refused one left out.
    const seen = alice.ofType("__action_result").map((f) => f.state.count);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await alice.next("__action_error", (f) => f.seq === 7, 0)).toMatchObject({ code: "action_failed" });
    expect(last.state.order.filter((seat: string) => seat === "alice")).toHaveLength(9);
    const acks = alice
      .ofType("__action_result")
      .filter((f) => f.ack !== null)
      .map((f) => f.ack);
    expect(acks).toEqual([1, 3, 5, 9, 11, 13, 15, 17, 19]);
    // Fewer calls than actions: those that waited ran together.
    expect((await stub.stats()).actionCalls - before).toBeLessThan(20);
  });
});
