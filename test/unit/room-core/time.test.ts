import { describe, expect, it } from "vitest";
import { parseClientFrame } from "../../../src/engine/parse-frame";
import { isSilent, latestHeartbeat, SILENT_DROP_MS } from "../../../src/room-core/silent-drop";
import counter from "../../fixtures/counter.logic.js";
import ticker from "../../fixtures/ticker.logic.js";
import { makeRoom, only, startedRoom } from "./harness";

describe("deadlines", () => {
  it("reports the next deadline in real time and runs it only when its game time has come", async () => {
    const { alice, send, clock, core } = await startedRoom(counter);
    clock.now += 1_000;
    const armed = await send(alice, { type: "__action", action: "arm", payload: { ms: 5_000 }, seq: 1 });
    expect(armed.nextDeadline).toBe(clock.now + 5_000);
    clock.now += 4_999;
    expect((await core.fireDeadlines()).broadcast).toEqual([]);
    clock.now += 1;
    const fired = await core.fireDeadlines();
    expect(only(fired.broadcast, "__action_result")[0]).toMatchObject({
      deadline: "timeout",
      ack: null,
      state: { timeouts: [{ at: 6_000, data: { armedBy: "alice" } }] },
      events: [{ name: "timeout" }],
    });
    expect(fired.nextDeadline).toBeNull();
  });

  it("is harmless to fire twice: a deadline runs once", async () => {
    const { alice, send, clock, core } = await startedRoom(counter);
    await send(alice, { type: "__action", action: "arm", payload: { ms: 100 }, seq: 1 });
    clock.now += 100;
    await core.fireDeadlines();
    const again = await core.fireDeadlines();
    expect(again.broadcast).toEqual([]);
    expect((core.record.state as { timeouts: unknown[] }).timeouts).toHaveLength(1);
  });

  it("rolls back only the deadline that threw; the others run", async () => {
    const { alice, send, clock, core, logs } = await startedRoom(counter);
    await send(alice, { type: "__action", action: "arm", payload: { name: "broken", ms: 100 }, seq: 1 });
    await send(alice, { type: "__action", action: "arm", payload: { name: "timeout", ms: 200 }, seq: 2 });
    clock.now += 300;
    const fired = await core.fireDeadlines();
    expect(only(fired.broadcast, "__action_result").map((f) => f.deadline)).toEqual(["timeout"]);
    expect(core.record.state).toMatchObject({ count: 0, timeouts: [{ at: 300 }] });
    expect(logs.some((l) => l.level === "error" && l.fields?.error === "deadline handler failed")).toBe(true);
  });

  it("does not move game time, nor fire deadlines, while frozen", async () => {
    const { alice, send, clock, core } = await startedRoom(counter);
    await send(alice, { type: "__action", action: "arm", payload: { ms: 1_000 }, seq: 1 });
    const paused = await send(alice, { type: "__pause" });
    expect(paused.nextDeadline).toBeNull();
    clock.now += 10_000;
    expect((await core.fireDeadlines()).broadcast).toEqual([]);
    const resumed = await send(alice, { type: "__resume" });
    expect(resumed.nextDeadline).toBe(clock.now + 1_000);
  });

  it("clears a deadline on request", async () => {
    const { alice, send } = await startedRoom(counter);
    await send(alice, { type: "__action", action: "arm", payload: { ms: 1_000 }, seq: 1 });
    const cleared = await send(alice, { type: "__action", action: "disarm", payload: {}, seq: 2 });
    expect(cleared.nextDeadline).toBeNull();
  });
});

describe("ticks", () => {
  it("broadcasts __tick with state, events, tick and gameTime", async () => {
    const { core, clock } = await startedRoom(ticker);
    clock.now += 50;
    const outcome = await core.tick();
    expect(outcome.tickRate).toBe(20);
    expect(only(outcome.broadcast, "__tick")[0]).toMatchObject({
      tick: 1,
      gameTime: 50,
      state: { ticks: 1 },
      events: [],
    });
  });

  it("skips the broadcast of a tick whose update() throws, keeps the state, and goes on", async () => {
    const { alice, send, core, logs } = await startedRoom(ticker);
    await core.tick();
    await send(alice, { type: "__action", action: "failNextTick", payload: {}, seq: 1 });
    const failed = await core.tick();
    expect(failed.broadcast).toEqual([]);
    expect(core.record.state).toMatchObject({ ticks: 1, failAtTick: 2 });
    expect(logs.some((l) => l.message.includes("update() threw"))).toBe(true);
    const next = await core.tick();
    expect(only(next.broadcast, "__tick")[0]).toMatchObject({ tick: 3, state: { ticks: 2 } });
  });

  it("does not tick before the start, while frozen, or without connections", async () => {
    const room = makeRoom(ticker);
    expect((await room.core.tick()).broadcast).toEqual([]);
    const alice = room.connect("alice");
    await alice.outcome;
    await room.send(alice.info, { type: "__pause" });
    expect((await room.core.tick()).broadcast).toEqual([]);
    await room.send(alice.info, { type: "__resume" });
    await room.core.disconnect(alice.info.connectionId);
    expect((await room.core.tick()).broadcast).toEqual([]);
  });

  it("gives update() the latest __input of each seat, at most 20 per second per connection", async () => {
    const { alice, send, core, clock } = await startedRoom(ticker);
    for (let i = 1; i <= 25; i++) await send(alice, { type: "__input", data: { x: i } });
    const outcome = await core.tick();
    expect(only(outcome.broadcast, "__tick")[0]?.state.lastInputs).toEqual({ alice: { x: 20 } });
    clock.now += 1_000;
    await send(alice, { type: "__input", data: { x: 26 } });
    expect(only((await core.tick()).broadcast, "__tick")[0]?.state.lastInputs).toEqual({ alice: { x: 26 } });
  });
});

describe("input rate", () => {
  it("drops inputs over 20 per second with one log line, not one per dropped input", async () => {
    const { alice, send, core, clock, logs } = await startedRoom(ticker);
    const dropLines = () => logs.filter((l) => l.message === "input over the rate limit dropped");
    for (let i = 1; i <= 100; i++) await send(alice, { type: "__input", data: { x: i } });
    expect(only((await core.tick()).broadcast, "__tick")[0]?.state.lastInputs).toEqual({ alice: { x: 20 } });
    expect(dropLines()).toEqual([
      {
        level: "warn",
        message: "input over the rate limit dropped",
        fields: { limit: 20, playerId: "alice", connectionId: alice.connectionId },
      },
    ]);
    clock.now += 10_000;
    for (let i = 1; i <= 21; i++) await send(alice, { type: "__input", data: { x: 200 + i } });
    expect(dropLines()).toHaveLength(2);
    expect(dropLines()[1]?.fields).toMatchObject({ heldBack: 79 });
  });
});

describe("silent drop", () => {
  it("counts a ping the room answers itself (not byte-exact, so not the runtime's) as a heartbeat reply", async () => {
    const { alice, core, clock } = await startedRoom(counter);
    clock.now += 30_000;
    const outcome = await core.receive(alice.connectionId, parseClientFrame('{ "type": "__ping" }'));
    expect(outcome.toSender).toEqual(['{"type":"__pong"}']);
    expect(core.connection(alice.connectionId)?.lastHeartbeat).toBe(clock.now);
  });

  it("takes the later of the runtime's auto-reply and the room's own answer", () => {
    expect(latestHeartbeat(undefined, undefined)).toBeNull();
    expect(latestHeartbeat(5_000, undefined)).toBe(5_000);
    expect(latestHeartbeat(5_000, 9_000)).toBe(9_000);
    expect(latestHeartbeat(null, 9_000)).toBe(9_000);
  });

  it("drops a connection silent for more than 60 s, counted from acceptance when it never answered", () => {
    expect(SILENT_DROP_MS).toBe(60_000);
    expect(isSilent(0, null, 60_000)).toBe(false);
    expect(isSilent(0, null, 61_000)).toBe(true);
    expect(isSilent(0, 30_000, 61_000)).toBe(false);
    expect(isSilent(0, 30_000, 91_000)).toBe(true);
  });
});
