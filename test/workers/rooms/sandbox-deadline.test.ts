import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { CHANNEL_LIMITS } from "../../../durable-objects/room/sandbox-settings";
import { alarmOf, connect, letChannelIdle, ROSTER, statsWhen, twoPlayers } from "./support";

describe("a call into the sandbox that never returns", () => {
  it("fails at its deadline like a thrown error: rolled back, __action_error to the sender, a new channel, and the room plays on", async () => {
    const { revisionId, roomId, alice, bob, stub } = await twoPlayers("hang");
    alice.send({ type: "__action", action: "hang", payload: {}, seq: 1 });
    await statsWhen(stub, (stats) => stats.sandboxCallsWaiting === 1);
    // A socket that arrives meanwhile waits its turn behind the call: it is not refused.
    const arriving = connect(revisionId, roomId, { seatId: "carol", players: ROSTER });

    // The deadline passes on the channel's clock; the room looks at its alarm.
    await runInDurableObject(stub, (room: Room) => {
      room.channelClock = () => Date.now() + CHANNEL_LIMITS.callMs;
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    const error = await alice.next("__action_error", (f) => f.seq === 1, 0);
    expect(error).toMatchObject({ code: "action_failed" });
    expect(error.error).toContain(`the call took longer than ${CHANNEL_LIMITS.callMs} ms`);
    expect(bob.ofType("__action_result").filter((f) => f.by === "alice")).toEqual([]);
    expect((await bob.roundTrip()).state).toEqual({ count: 0 });

    const carol = await arriving;
    expect((await carol.next("__state", () => true, 0)).you).toMatchObject({ seatId: "carol", observer: true });
    // The next call opens a new channel; it came 5 s (the channel's clock) after the last, so its
    // channel closes once it is answered, and the one after opens another.
    expect(await bob.act("add", { n: 3 }, 1)).toMatchObject({ type: "__action_result", state: { count: 3 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 2, sandboxChannelOpen: false, sandboxCallsWaiting: 0 });
    expect(await alice.act("add", { n: 4 }, 2)).toMatchObject({ type: "__action_result", state: { count: 7 } });
    expect(await stub.stats()).toMatchObject({ sandboxChannels: 3, sandboxCallsWaiting: 0 });
  });

  it("reserves the room's alarm for the call's deadline, so nothing else needs to wake the room", async () => {
    const { alice, stub } = await twoPlayers("hang");
    // What the start reserved (a write, the look at its calls, its channel's close) has run: the next wake is later.
    await letChannelIdle(stub);
    expect(await alarmOf(stub)).toBeGreaterThan(Date.now() + CHANNEL_LIMITS.callMs);
    alice.send({ type: "__action", action: "hang", payload: {}, seq: 1 });
    await statsWhen(stub, (stats) => stats.sandboxCallsWaiting === 1);
    expect(await alarmOf(stub)).toBeLessThanOrEqual(Date.now() + CHANNEL_LIMITS.callMs);
  });
});
