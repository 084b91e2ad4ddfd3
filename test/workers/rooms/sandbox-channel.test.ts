import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { CHANNEL_IDLE_MS, CHANNEL_QUIET_MS } from "../../../durable-objects/room/sandbox-settings";
import { alarmOf, letChannelIdle, statsWhen, twoPlayers } from "./support";

/** The room's calls into scenario code travel on one channel into its sandbox (docs/decisions/0108-calls-into-the-sandbox-travel-on-a-channel.md). */
describe("the channel into the sandbox", () => {
  it("carries a room's calls action after action, one channel for all of them", async () => {
    const { alice, bob, stub } = await twoPlayers();
    for (let seq = 1; seq <= 20; seq++) await (seq % 2 ? alice : bob).act("add", { n: 1 }, seq);
    expect(await alice.roundTrip()).toMatchObject({ state: { count: 20 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: true });
  });

  it("closes when idle at the alarm; the next action opens a new one and the game goes on", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 5 }, 1);
    await letChannelIdle(stub);
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: false });
    expect(await bob.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 6 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 2, sandboxChannelOpen: true });
  });

  it("stays open at an alarm before it was idle for CHANNEL_IDLE_MS, and the room looks again then", async () => {
    const { alice, stub } = await twoPlayers();
    await alice.act("add", { n: 1 }, 1);
    await runInDurableObject(stub, (room: Room) => {
      room.channelClock = () => Date.now() + CHANNEL_IDLE_MS / 2;
    });
    const before = Date.now();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.stats()).sandboxChannelOpen).toBe(true);
    const next = await alarmOf(stub);
    expect(next).toBeGreaterThanOrEqual(before);
    expect(next).toBeLessThanOrEqual(Date.now() + CHANNEL_IDLE_MS / 2);
  });

  it("closes right after a call that came after CHANNEL_QUIET_MS without one (a turn of a slow game); calls close together share one", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 1 }, 1);
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: true });
    await runInDurableObject(stub, (room: Room) => {
      room.channelClock = () => Date.now() + CHANNEL_QUIET_MS;
    });
    expect(await bob.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: false });
    // The next move soon after opens a channel and keeps it, as a burst of moves would.
    expect(await alice.act("add", { n: 1 }, 2)).toMatchObject({ type: "__action_result", state: { count: 3 } });
    expect(await alice.act("add", { n: 1 }, 3)).toMatchObject({ type: "__action_result", state: { count: 4 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 2, sandboxChannelOpen: true });
  });

  it("closes when the room empties: an empty room runs no scenario code", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 1 }, 1);
    alice.close();
    bob.close();
    await statsWhen(stub, (stats) => stats.connections === 0 && !stats.sandboxChannelOpen);
  });

  it("refuses a state JSON would change, as before: the action fails and nothing changes", async () => {
    const { alice, bob } = await twoPlayers("json");
    expect(await alice.act("nan", {}, 1)).toMatchObject({
      type: "__action_error",
      error: expect.stringContaining("non-finite number"),
    });
    expect(await alice.act("fn", {}, 2)).toMatchObject({
      type: "__action_error",
      error: expect.stringContaining("function"),
    });
    expect(await bob.roundTrip()).toMatchObject({ state: { count: 0 } });
  });

  it("fails the one action whose result cannot be sent (a BigInt in an event); the next goes through", async () => {
    const { alice } = await twoPlayers("json");
    expect(await alice.act("bigEvent", {}, 1)).toMatchObject({ type: "__action_error", seq: 1 });
    expect(await alice.act("plainEvent", {}, 2)).toMatchObject({
      type: "__action_result",
      state: { count: 1 },
      events: [{ name: "plain" }],
    });
  });

  it("carries events and deadlines that have no data", async () => {
    const { alice, stub } = await twoPlayers("json");
    await alice.act("plainEvent", {}, 1);
    await runInDurableObject(stub, (room: Room) => {
      room.clock = () => Date.now() + 61_000;
    });
    const since = alice.frames.length;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const fired = await alice.next("__action_result", (f) => f.deadline === "bare", since);
    expect(fired).toMatchObject({ state: { count: 100 } });
  });
});
