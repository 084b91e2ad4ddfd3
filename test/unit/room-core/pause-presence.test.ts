import { describe, expect, it } from "vitest";
import { SEAT_GRACE_MS } from "../../../src/room-core/seat-grace";
import counter from "../../fixtures/counter.logic.js";
import { only, startedRoom } from "./harness";

describe("pause and resume", () => {
  it("freezes on __platform pause.request: __pause_state to all, written at once, clock stopped", async () => {
    const { alice, send, clock, core } = await startedRoom(counter);
    clock.now += 2_000;
    const outcome = await send(alice, { type: "__platform", message: { type: "pause.request" } });
    expect(only(outcome.broadcast, "__pause_state")).toEqual([
      { type: "__pause_state", frozen: true, by: "alice", gameTime: 2_000 },
    ]);
    expect(outcome.persist).toBe("now");
    expect(outcome.frozen).toBe(true);
    clock.now += 10_000;
    expect(core.gameTime()).toBe(2_000);
  });

  it("resumes on pause.resume and the clock runs on from where it stopped", async () => {
    const { alice, send, clock, core } = await startedRoom(counter);
    await send(alice, { type: "__pause" });
    clock.now += 10_000;
    const outcome = await send(alice, { type: "__platform", message: { type: "pause.resume" } });
    expect(only(outcome.broadcast, "__pause_state")[0]).toMatchObject({ frozen: false, by: "alice", gameTime: 0 });
    clock.now += 1_000;
    expect(core.gameTime()).toBe(1_000);
  });

  it("treats repeated pause and resume requests as no-ops (idempotent)", async () => {
    const { alice, send } = await startedRoom(counter);
    await send(alice, { type: "__pause" });
    const again = await send(alice, { type: "__platform", message: { type: "pause.request" } });
    expect(only(again.broadcast, "__pause_state")).toEqual([]);
    await send(alice, { type: "__resume" });
    const resumedAgain = await send(alice, { type: "__resume" });
    expect(only(resumedAgain.broadcast, "__pause_state")).toEqual([]);
    expect(resumedAgain.frozen).toBe(false);
  });

  it("ignores pause, resume and voice reports from monitors", async () => {
    const { connect, send } = await startedRoom(counter);
    const monitor = connect("screen", { monitor: true });
    await monitor.outcome;
    for (const message of [
      { type: "__pause" },
      { type: "__platform", message: { type: "pause.request" } },
      { type: "__platform", message: { type: "voice.report", payload: { session: "s" } } },
    ]) {
      const outcome = await send(monitor.info, message);
      expect(outcome.broadcast).toEqual([]);
      expect(outcome.frozen).toBe(false);
    }
  });

  it("freezes when nobody is present and unfreezes when someone returns", async () => {
    const { alice, core, clock, connect } = await startedRoom(counter);
    clock.now += 3_000;
    const gone = await core.disconnect(alice.connectionId);
    expect(gone.frozen).toBe(true);
    expect(gone.persist).toBe("now");
    clock.now += 60_000;
    expect(core.gameTime()).toBe(3_000);
    const back = await connect("bob").outcome;
    expect(back.frozen).toBe(false);
    expect(only(back.broadcast, "__pause_state")[0]).toMatchObject({ frozen: false, gameTime: 3_000 });
  });

  it("a monitor alone does not count as present", async () => {
    const { alice, core, connect } = await startedRoom(counter);
    await connect("screen", { monitor: true }).outcome;
    const outcome = await core.disconnect(alice.connectionId);
    expect(outcome.frozen).toBe(true);
  });
});

describe("presence", () => {
  const presenceOf = (frames: string[]) => only(frames, "__platform")[0]?.message.payload;

  it("marks a seat online while at least one of its connections lives", async () => {
    const { core, connect, clock } = await startedRoom(counter);
    const second = connect("alice");
    await second.outcome;
    const first = await core.disconnect("c1");
    expect(presenceOf(first.broadcast).seats[0]).toMatchObject({ seatId: "alice", online: true, connections: 1 });
    const last = await core.disconnect(second.info.connectionId);
    // Online for its grace after the last connection left, then offline.
    expect(presenceOf(last.broadcast).seats[0]).toMatchObject({ seatId: "alice", online: true, connections: 0 });
    clock.now += SEAT_GRACE_MS;
    const presence = presenceOf((await core.fireDeadlines()).broadcast);
    expect(presence.seats[0]).toMatchObject({ seatId: "alice", online: false, connections: 0 });
    expect(presence.serverNow).toBe(clock.now);
  });

  it("counts observers but not monitors", async () => {
    const { connect } = await startedRoom(counter);
    await connect("screen", { monitor: true }).outcome;
    const outcome = await connect("spectator-1").outcome;
    const presence = presenceOf(outcome.broadcast);
    expect(presence.observers).toEqual({ count: 1 });
    expect(presence.seats.map((s: { online: boolean }) => s.online)).toEqual([true, false]);
  });

  it("shows the better voice report of a seat's connections", async () => {
    const { alice, connect, send } = await startedRoom(counter);
    const phone = connect("alice");
    await phone.outcome;
    await send(alice, {
      type: "__platform",
      message: { type: "voice.report", payload: { session: "s1", room: "r1" } },
    });
    const outcome = await send(phone.info, {
      type: "__platform",
      message: { type: "voice.report", payload: { session: "s2" } },
    });
    expect(presenceOf(outcome.broadcast).seats[0].voice).toEqual({ session: "s1", room: "r1" });
  });

  it("reports the pause in presence", async () => {
    const { alice, send } = await startedRoom(counter);
    await send(alice, { type: "__pause" });
    const outcome = await send(alice, { type: "__platform", message: { type: "voice.report", payload: {} } });
    expect(presenceOf(outcome.broadcast).pause).toEqual({ frozen: true, paused: true, by: "alice" });
  });
});
