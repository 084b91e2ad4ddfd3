import { describe, expect, it } from "vitest";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import { inspect } from "../../../src/room-core/inspector-acts";
import type { JournalEntry } from "../../../src/room-core/journal";
import { MAX_STATE_BYTES } from "../../../src/room-core/logic-calls";
import { parseReplay } from "../../../src/room-core/replay";
import { runReplay } from "../../../src/room-core/replay-run";
import counter from "../../fixtures/counter.logic.js";
import { allFrames, makeRoom, only, parse, recordBothJoined } from "./harness";

/** A counter room recording its replay, Alice and Bob joined, with every journal entry kept. */
async function inspectedRoom() {
  const room = makeRoom(counter);
  const { recorder, alice, bob } = await recordBothJoined(room);
  const entries: JournalEntry[] = [];
  room.core.setJournal({
    input: (input, at) => recorder.input(input, at),
    note: (entry, view) => {
      entries.push(entry);
      recorder.note(entry, view);
    },
  });
  return { ...room, recorder, alice, bob, entries };
}

describe("the inspector's acts (dev tools)", () => {
  it("an edit replaces the state: every connection gets it, the journal notes an operator edit", async () => {
    const room = await inspectedRoom();
    const edited = { count: 41, seats: ["alice", "bob"], rolls: [], timeouts: [] };
    const { outcome, result } = await inspect(room.core, { act: "edit_state", state: edited });
    expect(result).toEqual({ ok: true });
    expect(only(outcome.broadcast, "__action_result")).toEqual([
      expect.objectContaining({ state: edited, ack: null, edit: true, events: [] }),
    ]);
    expect(room.core.record.state).toEqual(edited);
    expect(room.entries).toEqual([expect.objectContaining({ kind: "edit", operator: true })]);
    expect(outcome.persist).toBe("batched");
    // The game goes on from the edited state.
    await room.send(room.alice, { type: "__action", action: "add", payload: { n: 1 }, seq: 1 });
    expect(room.core.record.state).toMatchObject({ count: 42 });
  });

  it("refuses an edit the room would refuse from scenario code: over the state limit; nothing changes", async () => {
    const room = await inspectedRoom();
    const before = room.core.record.state;
    const { outcome, result } = await inspect(room.core, {
      act: "edit_state",
      state: { blob: "x".repeat(MAX_STATE_BYTES) },
    });
    expect(result).toEqual({
      ok: false,
      code: "invalid_state",
      error: `The room refuses this state: the state is larger than ${MAX_STATE_BYTES} bytes of JSON`,
    });
    expect(allFrames(outcome)).toEqual([]);
    expect(room.core.record.state).toBe(before);
    expect(room.entries).toEqual([]);
    expect(room.recorder.replay()?.steps.some((step) => step.input.kind === "inspector")).toBe(false);
  });

  it("runs an action as any seat, connected or not: applied for all, or refused with the handler's error", async () => {
    const room = await inspectedRoom();
    await room.core.disconnect(room.bob.connectionId);
    const ran = await inspect(room.core, { act: "run_action", seat: "bob", action: "roll", payload: {} });
    expect(ran.result).toEqual({ ok: true });
    const [frame] = only(ran.outcome.broadcast, "__action_result");
    expect(frame).toMatchObject({ by: "bob", ack: null, action: "roll", serverEvents: [{ name: "rolled" }] });
    expect(room.entries.at(-1)).toMatchObject({
      kind: "action",
      seat: "bob",
      action: "roll",
      seq: null,
      operator: true,
      result: { ok: true },
    });

    const refused = await inspect(room.core, { act: "run_action", seat: "alice", action: "explode", payload: {} });
    expect(refused.result).toEqual({ ok: false, code: "action_failed", error: "boom" });
    expect(allFrames(refused.outcome)).toEqual([]);
    expect(room.core.record.state).toMatchObject({ count: 0 });
    expect(room.entries.at(-1)).toMatchObject({ operator: true, result: { ok: false, code: "action_failed" } });

    const unknown = await inspect(room.core, { act: "run_action", seat: "alice", action: "fly", payload: {} });
    expect(unknown.result).toMatchObject({ ok: false, code: "unknown_action" });
    const stranger = await inspect(room.core, { act: "run_action", seat: "mallory", action: "add", payload: { n: 1 } });
    expect(stranger.result).toEqual({ ok: false, code: "not_a_seat", error: "mallory is no seat of the roster" });
  });

  it("fires a pending deadline now, at the game time of now; refuses one that is not pending", async () => {
    const room = await inspectedRoom();
    room.clock.now += 1_000;
    await room.send(room.alice, { type: "__action", action: "arm", payload: { ms: 60_000 }, seq: 1 });
    room.clock.now += 2_000;
    const { outcome, result } = await inspect(room.core, { act: "fire_deadline", name: "timeout" });
    expect(result).toEqual({ ok: true });
    expect(room.core.record.deadlines).toEqual({});
    expect(room.core.record.state).toMatchObject({ timeouts: [{ at: 3_000, data: { armedBy: "alice" } }] });
    expect(parse(outcome.broadcast)).toEqual([
      expect.objectContaining({ type: "__action_result", deadline: "timeout" }),
    ]);
    expect(room.entries.at(-1)).toMatchObject({ kind: "deadline", name: "timeout", ok: true, operator: true });
    // The room does not fire it again when its time comes.
    room.clock.now += 60_000;
    await room.core.fireDeadlines();
    expect(room.core.record.state).toMatchObject({ timeouts: [{ at: 3_000 }] });

    expect((await inspect(room.core, { act: "fire_deadline", name: "timeout" })).result).toEqual({
      ok: false,
      code: "no_deadline",
      error: "No deadline named timeout is pending",
    });
  });

  it("refuses every act before the game started", async () => {
    const room = makeRoom(counter);
    for (const act of [
      { act: "edit_state", state: {} },
      { act: "run_action", seat: "alice", action: "add", payload: { n: 1 } },
      { act: "fire_deadline", name: "timeout" },
    ] as const) {
      expect((await inspect(room.core, act)).result).toMatchObject({ ok: false, code: "not_started" });
    }
  });

  it("each act is a step of the room's replay, and the replay runs it again the same", async () => {
    const room = await inspectedRoom();
    await inspect(room.core, { act: "run_action", seat: "bob", action: "roll", payload: {} });
    await inspect(room.core, { act: "edit_state", state: { count: 7, seats: [], rolls: [], timeouts: [] } });
    await room.send(room.alice, { type: "__action", action: "arm", payload: { ms: 5_000 }, seq: 1 });
    await inspect(room.core, { act: "fire_deadline", name: "timeout" });
    await inspect(room.core, { act: "run_action", seat: "alice", action: "explode", payload: {} });
    const replay = parseReplay(JSON.stringify(room.recorder.replay()));
    const inspected = replay.steps.filter((step) => step.input.kind === "inspector");
    expect(inspected.map((step) => step.result ?? null)).toEqual([
      { ok: true, events: [] },
      null,
      null,
      { ok: false, code: "action_failed" },
    ]);
    expect(await runReplay(replay, new LocalLogicRunner(counter))).toEqual({ matches: true, steps: 7 });
  });
});
