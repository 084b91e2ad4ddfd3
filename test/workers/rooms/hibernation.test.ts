import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { CHANNEL_LIMITS } from "../../../durable-objects/room/sandbox-settings";
import {
  connect,
  endGraces,
  hibernate,
  moveChannelClock,
  openChannelCount,
  publish,
  ROSTER,
  roomStub,
  storedWhen,
  twoPlayers,
} from "./support";

/** Moves the stored clock's anchor `ms` into the past: as if that much real time passed since the last write. */
function letTimePass(stub: DurableObjectStub<Room>, ms: number) {
  return runInDurableObject(stub, (_room: Room, state) => {
    const record = state.storage.kv.get<{ clock: { gameTime: number; anchor: number | null } }>("room");
    if (!record || record.clock.anchor === null) throw new Error("no running clock stored");
    state.storage.kv.put("room", { ...record, clock: { ...record.clock, anchor: record.clock.anchor - ms } });
  });
}

describe("hibernation with connections open", () => {
  it("does not turn game time back when the room wakes: the time it slept counts", async () => {
    const { alice, stub } = await twoPlayers();
    await alice.act("arm", { name: "timeout", ms: 60_000 }, 1);
    await storedWhen(stub, (record) => "timeout" in record.deadlines);
    const before = (await requestState(alice)).gameTime;
    await hibernate(stub);
    await letTimePass(stub, 1_000);
    const after = (await requestState(alice)).gameTime;
    expect(after).toBeGreaterThanOrEqual(before + 1_000);
  });

  it("fires a turn timer of a tickRate-0 room at the alarm after a wake, with no action to nudge it", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("arm", { name: "timeout", ms: 30_000 }, 1);
    const stored = await storedWhen(stub, (record) => "timeout" in record.deadlines);
    await hibernate(stub);
    await letTimePass(stub, 31_000);
    const since = bob.frames.length;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const fired = await bob.next("__action_result", (f) => f.deadline === "timeout", since);
    expect(fired.state.timeouts[0].at).toBeGreaterThanOrEqual(stored.clock.gameTime + 31_000);
    expect(fired.gameTime).toBeGreaterThanOrEqual(30_000);
  });

  it("tells the others when a seat's socket closes while the room hibernates", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await hibernate(stub);
    const since = alice.frames.length;
    bob.close();
    await alice.next("__platform", (f) => f.message.payload.seats[1].connections === 0, since);
    await endGraces(stub);
    const presence = await alice.next("__platform", (f) => f.message.payload.seats[1].online === false, since);
    expect(presence.message.payload.seats[1]).toMatchObject({ seatId: "bob", online: false });
  });

  it("keeps answering a room that never started (no roster yet), and keeps its keep-alive alarm", async () => {
    const revisionId = await publish("counter");
    const roomId = `room-${crypto.randomUUID()}`;
    const stub = roomStub(revisionId, roomId);
    const alice = await connect(revisionId, roomId, { seatId: "alice" });
    expect(await alice.next("__state")).toMatchObject({ started: false });
    await hibernate(stub);
    expect(await requestState(alice)).toMatchObject({ started: false, you: { seatId: "alice" } });
    await hibernate(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const alarm = await runInDurableObject(stub, (_room: Room, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    const since = alice.frames.length;
    await connect(revisionId, roomId, { seatId: "bob", players: ROSTER });
    expect(await alice.next("__game_start", () => true, since)).toMatchObject({
      players: [{ id: "alice" }, { id: "bob" }],
    });
  });
});

describe("hibernation with the channel into the sandbox open", () => {
  it("hibernates with it open; the new instance takes the channel over and play goes on with the state as it was", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 5 }, 1);
    const before = await stub.stats();
    expect(before).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: true });
    await hibernate(stub);
    expect(await bob.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 6 } });
    const after = await stub.stats();
    expect(after.instanceStartedAt).toBeGreaterThan(before.instanceStartedAt);
    // This instance opened no channel: its calls ride on the one the earlier instance opened.
    expect(after).toMatchObject({ connections: 2, sandboxChannels: 0, sandboxChannelOpen: true });
    expect(await openChannelCount(stub)).toBe(1);
    expect(await alice.act("add", { n: 1 }, 2)).toMatchObject({ type: "__action_result", state: { count: 7 } });
    expect((await alice.roundTrip()).state).toMatchObject({ count: 7 });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 0 });
    await storedWhen(stub, (record) => (record.state as { count: number }).count === 7);
  });

  it("does not take over a channel past its lifetime: the new instance closes it and opens its own", async () => {
    const { alice, stub } = await twoPlayers();
    await hibernate(stub);
    await moveChannelClock(stub, CHANNEL_LIMITS.lifetimeMs);
    expect(await alice.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: true });
    await expect.poll(() => openChannelCount(stub), { timeout: 5_000, interval: 20 }).toBe(1);
  });
});

describe("eviction with no connection open", () => {
  it("restores the clock where it was stored, even if it was running when written", async () => {
    const { alice, bob, stub, revisionId, roomId } = await twoPlayers();
    alice.close();
    bob.close();
    await storedWhen(stub, (record) => record.clock.anchor === null);
    const gameTime = await runInDurableObject(stub, (_room: Room, state) => {
      const record = state.storage.kv.get<{ clock: { gameTime: number; anchor: number | null } }>("room");
      if (!record) throw new Error("no record");
      state.storage.kv.put("room", { ...record, clock: { ...record.clock, anchor: Date.now() - 60_000 } });
      return record.clock.gameTime;
    });
    await hibernate(stub);
    // The new instance's clock stands still, so the clock that restarts with alice's connection
    // adds nothing before her __state: what it shows is exactly where the clock was restored.
    await runInDurableObject(stub, (room: Room) => {
      const now = Date.now();
      room.clock = () => now;
    });
    const back = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    expect((await back.next("__state")).gameTime).toBe(gameTime);
  });
});

async function requestState(client: Awaited<ReturnType<typeof connect>>) {
  const since = client.frames.length;
  client.send({ type: "__request_state" });
  return client.next("__state", () => true, since);
}
