import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHANNEL_LIMITS } from "../../../durable-objects/room/sandbox-settings";
import { MAX_FRAME_BYTES } from "../../../src/engine/protocol";
import { alarmOf, connect, moveChannelClock, openChannelCount, ROSTER, statsWhen, twoPlayers } from "./support";

describe("a call into the sandbox that never returns", () => {
  it("fails at its deadline like a thrown error: rolled back, __action_error to the sender, a new channel, and the room plays on", async () => {
    const { revisionId, roomId, alice, bob, stub } = await twoPlayers("hang");
    alice.send({ type: "__action", action: "hang", payload: {}, seq: 1 });
    await statsWhen(stub, (stats) => stats.sandboxCallsWaiting === 1);
    // A socket that arrives meanwhile waits its turn behind the call: it is not refused.
    const arriving = connect(revisionId, roomId, { seatId: "carol", players: ROSTER });

    // The deadline passes on the channel's clock; the room looks at its alarm.
    await moveChannelClock(stub, CHANNEL_LIMITS.callMs);
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    const error = await alice.next("__action_error", (f) => f.seq === 1, 0);
    expect(error).toMatchObject({ code: "action_failed" });
    expect(error.error).toContain(`the call took longer than ${CHANNEL_LIMITS.callMs} ms`);
    expect(bob.ofType("__action_result").filter((f) => f.by === "alice")).toEqual([]);
    expect((await bob.roundTrip()).state).toEqual({ count: 0 });

    const carol = await arriving;
    expect((await carol.next("__state", () => true, 0)).you).toMatchObject({ seatId: "carol", observer: true });
    // The channel that carried the call was closed; the next call opens a new one, and the one after rides on it.
    expect(await bob.act("add", { n: 3 }, 1)).toMatchObject({ type: "__action_result", state: { count: 3 } });
    expect(await alice.act("add", { n: 4 }, 2)).toMatchObject({ type: "__action_result", state: { count: 7 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 2, sandboxChannelOpen: true, sandboxCallsWaiting: 0 });
    await expect.poll(() => openChannelCount(stub), { timeout: 5_000, interval: 20 }).toBe(1);
  });

  it("reserves the room's alarm for the call's deadline and holds it while the call waits; the call fails when it fires", async () => {
    const { alice, bob, stub } = await twoPlayers("hang");
    // The start's calls were answered and keep no alarm: the next wake is the keep-alive.
    expect(await alarmOf(stub)).toBeGreaterThan(Date.now() + CHANNEL_LIMITS.callMs);
    const sent = Date.now();
    alice.send({ type: "__action", action: "hang", payload: {}, seq: 1 });
    await statsWhen(stub, (stats) => stats.sandboxCallsWaiting === 1);
    const reserved = (await alarmOf(stub)) as number;
    expect(reserved).toBeGreaterThanOrEqual(sent + CHANNEL_LIMITS.callMs);
    expect(reserved).toBeLessThanOrEqual(Date.now() + CHANNEL_LIMITS.callMs);
    // Another operation of the room while the call waits (a frame refused at once) lets go of nothing.
    bob.send("x".repeat(MAX_FRAME_BYTES + 1));
    expect(await bob.next("__action_error")).toMatchObject({ code: "frame_too_large" });
    expect(await alarmOf(stub)).toBe(reserved);
    await moveChannelClock(stub, CHANNEL_LIMITS.callMs);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alice.next("__action_error", (f) => f.seq === 1, 0)).toMatchObject({ code: "action_failed" });
  });

  it("an alarm that fires sooner while the call hangs (a batched write's) does not wait for it: it sets itself again for the call's deadline, which fails the call", async () => {
    const { alice, bob, stub } = await twoPlayers("hang");
    const sent = Date.now();
    alice.send({ type: "__action", action: "hang", payload: {}, seq: 1 });
    await statsWhen(stub, (stats) => stats.sandboxCallsWaiting === 1);
    // The runtime runs one alarm at a time: one that waited for the call would keep the call's own
    // deadline from ever firing, and the room would hang with it.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await expect
      .poll(() => alarmOf(stub), { timeout: 5_000, interval: 20 })
      .toBeLessThanOrEqual(Date.now() + CHANNEL_LIMITS.callMs);
    expect(await alarmOf(stub)).toBeGreaterThanOrEqual(sent + CHANNEL_LIMITS.callMs);
    expect((await stub.stats()).sandboxCallsWaiting).toBe(1);

    await moveChannelClock(stub, CHANNEL_LIMITS.callMs);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alice.next("__action_error", (f) => f.seq === 1, 0)).toMatchObject({ code: "action_failed" });
    expect(await bob.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
  });
});
