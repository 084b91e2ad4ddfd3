import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { HEARTBEAT_MS } from "../../../durable-objects/room/room-alarm";
import { CHANNEL_LIMITS } from "../../../durable-objects/room/sandbox-settings";
import { readAttachment, writeAttachment } from "../../../durable-objects/room/socket-attachment";
import { alarmOf, connectionSockets, endGraces, hibernate, twoPlayers } from "./support";

function ageConnection(stub: DurableObjectStub<Room>, playerId: string, ageMs: number) {
  return runInDurableObject(stub, (_room: Room, state) => {
    for (const ws of connectionSockets(state)) {
      const info = readAttachment(ws);
      if (info.playerId === playerId) writeAttachment(ws, { ...info, connectedAt: Date.now() - ageMs });
    }
  });
}

describe("heartbeat and silent drop", () => {
  it("keeps a 60 s keep-alive alarm while connections are open: the start's calls into the sandbox keep none for their deadline", async () => {
    const started = Date.now();
    const { stub } = await twoPlayers();
    const ready = Date.now();
    const alarm = (await alarmOf(stub)) as number;
    expect(alarm).toBeGreaterThanOrEqual(started + HEARTBEAT_MS);
    expect(alarm).toBeLessThanOrEqual(ready + HEARTBEAT_MS);
  });

  it("drops a connection with no heartbeat reply for 61 s at the next alarm; the seat goes offline", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await ageConnection(stub, "bob", 61_000);
    const since = alice.frames.length;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await bob.whenClosed()).code).toBe(4000);
    expect((await stub.stats()).connections).toBe(1);
    // Offline once the seat's grace is over, as after any close.
    await endGraces(stub);
    const presence = await alice.next("__platform", (f) => f.message.payload.seats[1].online === false, since);
    expect(presence.message.payload.seats[1].seatId).toBe("bob");
    expect(await alarmOf(stub)).not.toBeNull();
  });

  it("counts silence from the last heartbeat reply, not from acceptance, once the client pinged", async () => {
    const { alice, stub } = await twoPlayers();
    alice.send('{"type":"__ping"}');
    await alice.next("__pong");
    await ageConnection(stub, "alice", 61_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Still answered after the alarm: the room kept the socket open.
    expect((await alice.roundTrip()).you.seatId).toBe("alice");
    expect(alice.closed).toBeNull();
    expect((await stub.stats()).connections).toBe(2);
  });

  it("counts a ping the room answers itself (not byte-exact) as a heartbeat reply too", async () => {
    const { alice, stub } = await twoPlayers();
    alice.send('{ "type": "__ping" }');
    await alice.next("__pong");
    await ageConnection(stub, "alice", 61_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await alice.roundTrip()).you.seatId).toBe("alice");
    expect((await stub.stats()).connections).toBe(2);
    expect(alice.closed).toBeNull();
  });
});

describe("deadlines on the alarm", () => {
  it("moves the alarm earlier for a deadline and runs it when due; a failing deadline rolls back alone", async () => {
    const { alice, bob, stub } = await twoPlayers();
    const keepAlive = (await alarmOf(stub)) as number;
    await alice.act("arm", { name: "broken", ms: 40 }, 1);
    await alice.act("arm", { name: "timeout", ms: 80 }, 2);
    expect((await alarmOf(stub)) as number).toBeLessThan(keepAlive);
    const fired = await bob.next("__action_result", (f) => f.deadline === "timeout");
    expect(fired.state.timeouts).toHaveLength(1);
    expect(fired.state.timeouts[0].data).toEqual({ armedBy: "alice" });
    expect(fired.state.count).toBe(0);
    expect(bob.frames.some((f) => f.deadline === "broken")).toBe(false);
  });

  it("after a move is answered, sets the alarm for the next deadline, not for the deadline of the move's call into the sandbox", async () => {
    const { alice, stub } = await twoPlayers();
    await hibernate(stub); // a quiet room: the move is written at once and reserves no write
    const before = Date.now();
    await alice.act("arm", { name: "timeout", ms: 30_000 }, 1);
    const after = Date.now();
    const alarm = (await alarmOf(stub)) as number;
    expect(alarm).toBeGreaterThan(after + CHANNEL_LIMITS.callMs);
    expect(alarm).toBeGreaterThanOrEqual(before + 30_000);
    expect(alarm).toBeLessThanOrEqual(after + 30_000);
  });

  it("keeps the alarm where it is when a deadline is cleared; a firing with nothing due runs nothing and keeps the keep-alive", async () => {
    const { alice, stub } = await twoPlayers();
    await alice.act("arm", { name: "timeout", ms: 30_000 }, 1);
    const armed = Date.now();
    const early = (await alarmOf(stub)) as number;
    expect(early).toBeLessThanOrEqual(armed + 30_000);
    await alice.act("disarm", { name: "timeout" }, 2);
    expect(await alarmOf(stub)).toBe(early);
    const since = alice.frames.length;
    await runDurableObjectAlarm(stub);
    await alice.roundTrip();
    expect(alice.frames.slice(since).filter((f) => f.type === "__action_result")).toEqual([]);
    expect(await alarmOf(stub)).not.toBeNull();
  });

  it("runs a due deadline once, however often the alarm fires at or after it (even two at once)", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("arm", { name: "timeout", ms: 0 }, 1);
    await bob.next("__action_result", (f) => f.deadline === "timeout");
    await runInDurableObject(stub, (room: Room) => Promise.all([room.alarm(), room.alarm()]));
    await runDurableObjectAlarm(stub);
    await runDurableObjectAlarm(stub);
    const state = await bob.roundTrip();
    expect(state.state.timeouts).toHaveLength(1);
    expect(bob.ofType("__action_result").filter((f) => f.deadline === "timeout")).toHaveLength(1);
  });
});
