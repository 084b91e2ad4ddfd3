import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { RoomStorage } from "../../../durable-objects/room/room-storage";
import { codeIdOf } from "../../../durable-objects/room/template-version";
import { connect, ROSTER, sleep, twoPlayers } from "./support";

describe("room persistence", () => {
  it("batches state writes: many actions, one write within 500 ms", async () => {
    const { alice, stub } = await twoPlayers();
    const before = (await stub.stats()).storageWrites;
    for (let seq = 1; seq <= 10; seq++) await alice.act("add", { n: 1 }, seq);
    expect((await stub.stats()).storageWrites).toBe(before);
    await sleep(600);
    expect((await stub.stats()).storageWrites).toBe(before + 1);
  });

  it("writes while actions keep coming: the reservation is never pushed back by later changes", async () => {
    const { alice, stub } = await twoPlayers();
    const before = (await stub.stats()).storageWrites;
    // Over 1.2 s, a change every 100 ms: a debounce re-armed by each change would not have written yet.
    for (let seq = 1; seq <= 12; seq++) {
      await alice.act("add", { n: 1 }, seq);
      await sleep(100);
    }
    expect((await stub.stats()).storageWrites).toBeGreaterThan(before);
  });

  it("keeps the write's reservation in the room's one alarm, due at most 500 ms after the change", async () => {
    const { alice, stub } = await twoPlayers();
    await runDurableObjectAlarm(stub); // the start's writes are done; the alarm is the 60 s keep-alive again
    const heartbeat = await runInDurableObject(stub, (_room: Room, state) => state.storage.getAlarm());
    const changedAt = Date.now();
    await alice.act("add", { n: 1 }, 1);
    const alarm = await runInDurableObject(stub, (_room: Room, state) => state.storage.getAlarm());
    expect(heartbeat).toBeGreaterThan(changedAt + 30_000);
    expect(alarm).toBeGreaterThanOrEqual(changedAt);
    expect(alarm).toBeLessThanOrEqual(Date.now() + 500);
  });

  it("writes a waiting change at once when the last connection leaves, and keeps no alarm", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 5 }, 1);
    alice.close();
    bob.close();
    await sleep(100);
    const [record, alarm] = await runInDurableObject(stub, async (_room: Room, state) => [
      RoomStorage.read(state.storage),
      await state.storage.getAlarm(),
    ]);
    expect((record as { state: { count: number } }).state.count).toBe(5);
    expect(alarm).toBeNull();
  });

  it("writes an emergency pause at once, and the pause survives a restart", async () => {
    const { alice, bob, stub, revisionId, roomId } = await twoPlayers();
    alice.send({ type: "__platform", message: { type: "pause.request" } });
    const paused = await bob.next("__pause_state", (f) => f.frozen);
    expect(paused).toMatchObject({ frozen: true, by: "alice" });
    const stored = await runInDurableObject(stub, (_room: Room, state) => RoomStorage.read(state.storage));
    expect(stored?.paused).toEqual({ by: "alice" });
    await evictDurableObject(stub);
    const back = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    expect(await back.next("__state")).toMatchObject({ frozen: true, started: true });
    expect(await back.act("add", { n: 1 }, 9)).toMatchObject({ type: "__action_result" });
  });

  it("restores a room after eviction: a reconnecting client gets __state equal to the last stored state", async () => {
    const { alice, stub, revisionId, roomId } = await twoPlayers();
    await alice.act("add", { n: 41 }, 1);
    await alice.act("roll", {}, 2);
    await sleep(600);
    const stored = await runInDurableObject(stub, (_room: Room, state) => RoomStorage.read(state.storage));
    await evictDurableObject(stub);
    const back = await connect(revisionId, roomId, { seatId: "bob", players: ROSTER });
    const state = await back.next("__state");
    expect(state.state).toEqual(stored?.state);
    expect(state.state.count).toBe(41);
    expect(back.ofType("__game_start")).toEqual([]);
  });

  it("reloads the code under the current codeId when the stored one differs, keeping the state", async () => {
    const { alice, stub, revisionId, roomId } = await twoPlayers();
    await alice.act("add", { n: 7 }, 1);
    await runDurableObjectAlarm(stub); // the batched write's reservation comes due
    await runInDurableObject(stub, (_room: Room, state) => {
      const record = RoomStorage.read(state.storage);
      if (!record) throw new Error("no record");
      state.storage.kv.put("room", { ...record, codeId: `${revisionId}:0` });
    });
    await evictDurableObject(stub);
    const back = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    expect((await back.next("__state")).state.count).toBe(7);
    expect((await stub.stats()).codeId).toBe(codeIdOf(revisionId));
    expect(await back.act("add", { n: 1 }, 2)).toMatchObject({ state: { count: 8 } });
  });

  it("freezes when everyone left and keeps no alarm in the empty room", async () => {
    const { alice, bob, stub } = await twoPlayers();
    alice.close();
    bob.close();
    await sleep(100);
    const alarm = await runInDurableObject(stub, (_room: Room, state) => state.storage.getAlarm());
    expect(alarm).toBeNull();
    expect((await stub.stats()).connections).toBe(0);
  });
});
