import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHANNEL_TAG } from "../../../durable-objects/room/channel-dock";
import type { Room } from "../../../durable-objects/room/room";
import { CHANNEL_LIMITS } from "../../../durable-objects/room/sandbox-settings";
import { readAttachment, writeAttachment } from "../../../durable-objects/room/socket-attachment";
import { moveChannelClock, openChannelCount, socketOf, statsWhen, twoPlayers } from "./support";

/** The room's calls into scenario code travel on one channel into its sandbox (docs/decisions/0108-calls-into-the-sandbox-travel-on-a-channel.md). */
describe("the channel into the sandbox", () => {
  it("carries a room's calls action after action, one channel for all of them", async () => {
    const { alice, bob, stub } = await twoPlayers();
    for (let seq = 1; seq <= 20; seq++) await (seq % 2 ? alice : bob).act("add", { n: 1 }, seq);
    expect(await alice.roundTrip()).toMatchObject({ state: { count: 20 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: true });
  });

  it("carries calls across a quiet pause (a turn of a slow game): one channel, no new one opened", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 1 }, 1);
    // The room waits a long turn for its next move, just short of the channel's lifetime.
    await moveChannelClock(stub, CHANNEL_LIMITS.lifetimeMs - 1_000);
    expect(await bob.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1, sandboxChannelOpen: true });
    expect(await openChannelCount(stub)).toBe(1);
  });

  it("takes no call after its lifetime (the sandbox holds its end only that long): the next call opens a new channel, the old one closes, and the game goes on", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 5 }, 1);
    await moveChannelClock(stub, CHANNEL_LIMITS.lifetimeMs);
    expect(await bob.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 6 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 2, sandboxChannelOpen: true });
    await expect.poll(() => openChannelCount(stub), { timeout: 5_000, interval: 20 }).toBe(1);
    // The new channel's lifetime counts from its own opening: the next call rides on it.
    expect(await alice.act("add", { n: 1 }, 2)).toMatchObject({ type: "__action_result", state: { count: 7 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 2, sandboxChannelOpen: true });
  });

  it("closes when the room empties: an empty room runs no scenario code", async () => {
    const { alice, bob, stub } = await twoPlayers();
    await alice.act("add", { n: 1 }, 1);
    alice.close();
    bob.close();
    await statsWhen(stub, (stats) => stats.connections === 0 && !stats.sandboxChannelOpen);
    await expect.poll(() => openChannelCount(stub), { timeout: 5_000, interval: 20 }).toBe(0);
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

/** The channel is one of the room's hibernatable sockets (tag CHANNEL_TAG), and no connection. */
describe("the channel's socket", () => {
  it("is never counted as a connection: the room's figures, the operator's view and the lobby see the seats' sockets only", async () => {
    const { stub } = await twoPlayers();
    expect(await stub.stats()).toMatchObject({ connections: 2, sandboxChannelOpen: true });
    const listed = await runInDurableObject(stub, (_room: Room, state) => ({
      all: state.getWebSockets().length,
      channels: state.getWebSockets(CHANNEL_TAG).length,
    }));
    expect(listed).toEqual({ all: 3, channels: 1 });
    expect(await stub.operatorView()).toMatchObject({ connections: 2 });
    expect((await stub.lobbyStatus()).seatsOnline.sort()).toEqual(["alice", "bob"]);
  });

  it("is not dropped at the alarm's silent-drop check, which only looks at connections", async () => {
    const { alice, bob, stub } = await twoPlayers();
    // Bob and the channel look silent for 61 s, as the check reads a socket's attachment.
    await runInDurableObject(stub, (_room: Room, state) => {
      const bobs = socketOf(state, "bob");
      writeAttachment(bobs, { ...readAttachment(bobs), connectedAt: Date.now() - 61_000 });
      for (const channel of state.getWebSockets(CHANNEL_TAG))
        channel.serializeAttachment({ ...channel.deserializeAttachment(), connectedAt: Date.now() - 61_000 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await bob.whenClosed()).code).toBe(4000);
    expect(await stub.stats()).toMatchObject({ connections: 1, sandboxChannels: 1, sandboxChannelOpen: true });
    expect(await alice.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 1 });
  });
});
