import { describe, expect, it } from "vitest";
import type { GameDefinition } from "../../../src/engine/types";
import counter from "../../fixtures/counter.logic.js";
import legacy from "../../fixtures/legacy.logic.js";
import { makeRoom, only } from "./harness";

async function twoSeats(game: GameDefinition = counter) {
  const room = makeRoom(game);
  const alice = room.connect("alice");
  await alice.outcome;
  const bob = room.connect("bob");
  await bob.outcome;
  return { ...room, alice: alice.info, bob: bob.info };
}

describe("actions", () => {
  it("acks the sender and sends the same new state to the others", async () => {
    const { alice, send, core } = await twoSeats();
    const outcome = await send(alice, { type: "__action", action: "add", payload: { n: 3 }, seq: 7 });
    const [mine] = only(outcome.toSender, "__action_result");
    const [theirs] = only(outcome.toOthers, "__action_result");
    expect(mine).toMatchObject({
      ack: 7,
      state: { count: 3 },
      events: [{ name: "added", data: { by: "alice", n: 3 } }],
    });
    expect(theirs).toMatchObject({ ack: null, by: "alice", state: mine?.state, events: mine?.events });
    expect(core.record.state).toMatchObject({ count: 3 });
    expect(outcome.persist).toBe("batched");
  });

  it("rejects an unknown action to the sender only; state unchanged", async () => {
    const { alice, send, core } = await twoSeats();
    const outcome = await send(alice, { type: "__action", action: "teleport", payload: {}, seq: 1 });
    expect(only(outcome.toSender, "__action_error")).toEqual([
      { type: "__action_error", code: "unknown_action", error: "Unknown action: teleport", seq: 1 },
    ]);
    expect(outcome.broadcast).toEqual([]);
    expect(outcome.toOthers).toEqual([]);
    expect(core.record.state).toMatchObject({ count: 0 });
  });

  it("rolls back a reducer that throws and broadcasts nothing", async () => {
    const { alice, send, core } = await twoSeats();
    await send(alice, { type: "__action", action: "add", payload: { n: 2 }, seq: 1 });
    const before = structuredClone(core.record.state);
    const outcome = await send(alice, { type: "__action", action: "explode", payload: {}, seq: 2 });
    expect(only(outcome.toSender, "__action_error")[0]).toMatchObject({ code: "action_failed", error: "boom", seq: 2 });
    expect(outcome.toOthers).toEqual([]);
    expect(outcome.broadcast).toEqual([]);
    expect(core.record.state).toEqual(before);
    expect(outcome.persist).toBe("none");
  });

  it("rejects actions before the game started", async () => {
    const room = makeRoom(counter);
    const early = room.connect("alice", { roster: null });
    await early.outcome;
    const outcome = await room.send(early.info, { type: "__action", action: "add", payload: { n: 1 }, seq: 3 });
    expect(only(outcome.toSender, "__action_error")[0]).toMatchObject({ code: "not_started", seq: 3 });
  });

  it("refuses randomness inside predicted actions (they must be deterministic)", async () => {
    const { alice, send, core } = await twoSeats();
    const outcome = await send(alice, { type: "__action", action: "cheat", payload: {}, seq: 1 });
    expect(only(outcome.toSender, "__action_error")[0]?.error).toMatch(/not available in actions/);
    expect(core.record.state).toMatchObject({ count: 0 });
  });

  it("runs serverActions with seeded randomness: the same seed draws the same numbers", async () => {
    const draws = async () => {
      const { alice, send, core } = await twoSeats();
      for (let seq = 1; seq <= 5; seq++) await send(alice, { type: "__action", action: "roll", payload: {}, seq });
      return (core.record.state as { rolls: number[] }).rolls;
    };
    const first = await draws();
    expect(first).toHaveLength(5);
    expect(first.every((v) => v >= 1 && v <= 6)).toBe(true);
    expect(await draws()).toEqual(first);
  });

  it("puts events of serverActions into serverEvents", async () => {
    const { alice, send } = await twoSeats();
    const outcome = await send(alice, { type: "__action", action: "roll", payload: {}, seq: 1 });
    const [result] = only(outcome.toSender, "__action_result");
    expect(result?.events).toEqual([]);
    expect(result?.serverEvents[0]?.name).toBe("rolled");
  });

  it("runs actions strictly in arrival order against the newest state", async () => {
    const { alice, bob, send, core } = await twoSeats();
    const pending = [];
    for (let seq = 1; seq <= 40; seq++)
      pending.push(send(seq % 2 ? alice : bob, { type: "__action", action: "add", payload: { n: seq }, seq }));
    const outcomes = await Promise.all(pending);
    const counts = outcomes.map((o) => only(o.toSender, "__action_result")[0]?.state.count);
    let expected = 0;
    expect(counts).toEqual(counts.map((_, i) => (expected += i + 1)));
    expect(core.record.state).toMatchObject({ count: 820 });
  });

  it("accepts actions from several connections of one seat", async () => {
    const room = await twoSeats();
    const second = room.connect("alice");
    await second.outcome;
    await room.send(room.alice, { type: "__action", action: "add", payload: { n: 1 }, seq: 1 });
    const outcome = await room.send(second.info, { type: "__action", action: "add", payload: { n: 1 }, seq: 1 });
    expect(only(outcome.toSender, "__action_result")[0]?.state.count).toBe(2);
  });

  it("treats legacy serverOnly-branded actions as serverActions", async () => {
    const { alice, send, core } = await twoSeats(legacy);
    await send(alice, { type: "__action", action: "draw", payload: {}, seq: 1 });
    await send(alice, { type: "__action", action: "wrapped", payload: {}, seq: 2 });
    const drawn = (core.record.state as { drawn: unknown[] }).drawn;
    expect(drawn).toHaveLength(2);
    expect(typeof drawn[0]).toBe("number");
    expect(drawn[1]).toBe("wrapped");
  });

  it("refuses a state that JSON cannot carry, as a reducer error", async () => {
    const { alice, send, core } = await twoSeats({
      setup: () => ({ n: 0 }),
      actions: {
        bad(state: { n: unknown }) {
          state.n = () => 1;
        },
      },
    });
    const outcome = await send(alice, { type: "__action", action: "bad", payload: {}, seq: 1 });
    expect(only(outcome.toSender, "__action_error")[0]?.code).toBe("action_failed");
    expect(core.record.state).toEqual({ n: 0 });
  });
});
