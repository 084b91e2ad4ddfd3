import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { HEARTBEAT_MS } from "../../../durable-objects/room/room-alarm";
import { RoomStorage, WRITE_DELAY_MS } from "../../../durable-objects/room/room-storage";
import { codeIdOf } from "../../../durable-objects/room/template-version";
import { configFor } from "../../../src/config";
import { SEAT_GRACE_MS } from "../../../src/room-core/seat-grace";
import {
  alarmOf,
  connect,
  endGraces,
  hibernate,
  publish,
  ROSTER,
  restart,
  roomStub,
  socketUrl,
  statsWhen,
  storedRecord,
  storedWhen,
  twoPlayers,
} from "./support";

describe("room persistence", () => {
  it("batches state writes: ten actions in a burst, two writes (the first change at once, the rest when the reservation in the alarm comes due)", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await hibernate(stub);
    const before = (await stub.stats()).storageWrites;
    for (let seq = 1; seq <= 10; seq++) alice.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
    await bob.next("__action_result", (f) => f.state.count === 10);
    // At most two writes so far (the reservation may have come due on a slow machine).
    expect((await stub.stats()).storageWrites - before).toBeLessThanOrEqual(2);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.stats()).storageWrites).toBe(before + 2);
    expect((await storedRecord(stub))?.state).toMatchObject({ count: 10 });
  });

  it("writes a move in a quiet room at once: stored when it is acknowledged, and no alarm reserved for it", async () => {
    const { alice, stub } = await twoPlayers();
    // Between two turns the room hibernated: its new instance has written nothing for a while.
    await hibernate(stub);
    const before = Date.now();
    expect(await alice.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 1 } });
    const after = Date.now();
    expect((await storedRecord(stub))?.state).toMatchObject({ count: 1 });
    // Neither the write nor the call into the sandbox left an alarm: the next one is the keep-alive.
    const alarm = (await alarmOf(stub)) as number;
    expect(alarm).toBeGreaterThanOrEqual(before + HEARTBEAT_MS);
    expect(alarm).toBeLessThanOrEqual(after + HEARTBEAT_MS);
  });

  it("reserves the alarm for a change within 500 ms of a write: written when it comes due, never pushed back", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await hibernate(stub);
    const before = Date.now();
    await alice.act("add", { n: 1 }, 1); // written at once
    const written = Date.now();
    const writes = (await stub.stats()).storageWrites;
    await bob.act("add", { n: 1 }, 1);
    expect((await storedRecord(stub))?.state).toMatchObject({ count: 1 });
    // Due WRITE_DELAY_MS after the write before it.
    const reserved = (await alarmOf(stub)) as number;
    expect(reserved).toBeGreaterThanOrEqual(before + WRITE_DELAY_MS);
    expect(reserved).toBeLessThanOrEqual(written + WRITE_DELAY_MS);
    // A debounce would move the write later with every change; the reservation stays.
    await alice.act("add", { n: 1 }, 2);
    await bob.act("add", { n: 1 }, 2);
    expect(await alarmOf(stub)).toBe(reserved);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await storedRecord(stub))?.state).toMatchObject({ count: 4 });
    expect((await stub.stats()).storageWrites).toBe(writes + 1);
  });

  it("writes a waiting change at once when the last connection leaves, and keeps an alarm only for the seats' graces", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 5 }, 1);
    alice.close();
    bob.close();
    const record = await storedWhen(stub, (stored) => (stored.state as { count: number }).count === 5);
    expect(record.state).toMatchObject({ count: 5 });
    await statsWhen(stub, (stats) => stats.connections === 0);
    await expect
      .poll(() => alarmOf(stub), { timeout: 5_000, interval: 20 })
      .toBeLessThanOrEqual(Date.now() + SEAT_GRACE_MS);
    await endGraces(stub);
    await expect.poll(() => alarmOf(stub), { timeout: 5_000, interval: 20 }).toBeNull();
  });

  it("writes an emergency pause at once, and the pause survives a restart", async () => {
    const { alice, bob, stub, revisionId, roomId } = await twoPlayers();
    alice.send({ type: "__platform", message: { type: "pause.request" } });
    const paused = await bob.next("__pause_state", (f) => f.frozen);
    expect(paused).toMatchObject({ frozen: true, by: "alice" });
    const stored = await runInDurableObject(stub, (_room: Room, state) => RoomStorage.read(state.storage));
    expect(stored?.paused).toEqual({ by: "alice" });
    await restart(stub, revisionId, roomId);
    const back = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    expect(await back.next("__state")).toMatchObject({ frozen: true, started: true });
    expect(await back.act("add", { n: 1 }, 9)).toMatchObject({ type: "__action_result" });
  });

  it("restores a room after eviction: a reconnecting client gets __state equal to the last stored state", async () => {
    const { alice, stub, revisionId, roomId } = await twoPlayers();
    await alice.act("add", { n: 41 }, 1);
    await alice.act("roll", {}, 2);
    await runDurableObjectAlarm(stub); // the batched write's reservation comes due
    const stored = await runInDurableObject(stub, (_room: Room, state) => RoomStorage.read(state.storage));
    await restart(stub, revisionId, roomId);
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
    const restarted = await restart(stub, revisionId, roomId);
    const back = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    expect((await back.next("__state")).state.count).toBe(7);
    expect((await restarted.stats()).codeId).toBe(await codeIdOf(revisionId, configFor(env).egressAllowedHosts));
    expect(await back.act("add", { n: 1 }, 2)).toMatchObject({ state: { count: 8 } });
  });

  it("freezes when every player left (the clock stops, a monitor hears it) and keeps no alarm once empty", async () => {
    const { alice, bob, stub, revisionId, roomId } = await twoPlayers();
    const screen = await connect(revisionId, roomId, { seatId: "screen", monitor: "1" });
    await screen.next("__state");
    alice.close();
    bob.close();
    expect(await screen.next("__pause_state", (f) => f.frozen === true)).toMatchObject({ frozen: true });
    await runDurableObjectAlarm(stub); // the batched write's reservation comes due
    const frozen = await storedRecord(stub);
    expect(frozen?.clock.anchor).toBeNull();
    expect((await screen.roundTrip()).gameTime).toBe(frozen?.clock.gameTime);
    screen.close();
    await statsWhen(stub, (stats) => stats.connections === 0);
    await endGraces(stub);
    await expect.poll(() => alarmOf(stub), { timeout: 5_000, interval: 20 }).toBeNull();
  });

  it("tells a client back after a restart the seq of its last action the stored state holds", async () => {
    const revisionId = await publish("counter");
    const roomId = `room-${crypto.randomUUID()}`;
    const client = "sdk-client-0001";
    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER, client });
    await alice.next("__game_start");
    await alice.act("add", { n: 1 }, 1);
    await alice.act("add", { n: 2 }, 2);
    const stub = roomStub(revisionId, roomId);
    await storedWhen(stub, (stored) => (stored.state as { count: number }).count === 3);
    // Acknowledged but not yet written when the room restarts: lost, and the record says so.
    await alice.act("add", { n: 4 }, 3);
    await restart(stub, revisionId, roomId);
    const back = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER, client });
    expect(await back.next("__state")).toMatchObject({ state: { count: 3 }, you: { lastSeq: 2 } });
  });

  it("refuses a malformed client id with 400 invalid_query", async () => {
    const revisionId = await publish("counter");
    const res = await exports.default.fetch(socketUrl(revisionId, "r1", { seatId: "alice", client: "no spaces!" }), {
      headers: { Upgrade: "websocket" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_query" });
  });
});
