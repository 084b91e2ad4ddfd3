import { describe, expect, it } from "vitest";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import { CLOSE_CODES } from "../../../src/engine/protocol";
import { FRAME_BUDGET } from "../../../src/room-core/frame-budget";
import counter from "../../fixtures/counter.logic.js";
import { makeRoom, only } from "./harness";

/** A started room of Alice and Bob whose logic counts the calls made for actions. */
async function countedRoom() {
  const runner = new LocalLogicRunner(counter);
  let actionCalls = 0;
  const counting = Object.assign(Object.create(runner), {
    runActions: (...args: Parameters<LocalLogicRunner["runActions"]>) => {
      actionCalls++;
      return runner.runActions(...args);
    },
  }) as LocalLogicRunner;
  const room = makeRoom(counter, undefined, counting);
  const alice = room.connect("alice");
  await alice.outcome;
  const bob = room.connect("bob");
  await bob.outcome;
  const add = (who: typeof alice.info, seq: number) =>
    room.send(who, { type: "__action", action: "add", payload: { n: 1 }, seq });
  return { ...room, alice: alice.info, bob: bob.info, add, calls: () => actionCalls };
}

describe("the frame budget of a seat", () => {
  it("lets a burst through, then refuses frames without calling the logic, and closes the connection that keeps on", async () => {
    const { alice, add, calls } = await countedRoom();
    const outcomes = [];
    for (let seq = 1; seq <= FRAME_BUDGET.burst + FRAME_BUDGET.closeAfterRefused; seq++)
      outcomes.push(await add(alice, seq));
    const answers = outcomes.flatMap((o) => only(o.toSender, "__action_result"));
    const refusals = outcomes.flatMap((o) => only(o.toSender, "__action_error"));
    expect(answers).toHaveLength(FRAME_BUDGET.burst);
    expect(calls()).toBe(FRAME_BUDGET.burst);
    expect(refusals).toHaveLength(FRAME_BUDGET.closeAfterRefused);
    expect(refusals[0]).toMatchObject({ code: "rate_limited", seq: FRAME_BUDGET.burst + 1 });
    // Only the last refusal closes the connection, with 1008.
    expect(outcomes.filter((o) => o.closeSender)).toHaveLength(1);
    expect(outcomes.at(-1)?.closeSender).toEqual({ code: CLOSE_CODES.flood, reason: "too many frames" });
  });

  it("earns frames back with the clock: a client at its rate is never refused", async () => {
    const { alice, add, clock } = await countedRoom();
    let seq = 0;
    for (let i = 0; i < FRAME_BUDGET.burst; i++) await add(alice, ++seq);
    expect(only((await add(alice, ++seq)).toSender, "__action_error")[0]).toMatchObject({ code: "rate_limited" });
    // For ten seconds, a frame every 1000 / perSecond ms: all of them run.
    const every = 1000 / FRAME_BUDGET.perSecond;
    for (let i = 0; i < 10 * FRAME_BUDGET.perSecond; i++) {
      clock.now += every;
      expect(only((await add(alice, ++seq)).toSender, "__action_result")).toHaveLength(1);
    }
  });

  it("counts every frame a seat sends, not only actions, and each seat on its own", async () => {
    const { alice, bob, add, send } = await countedRoom();
    for (let i = 0; i < FRAME_BUDGET.burst; i++) await send(alice, { type: "__request_state" });
    expect(only((await add(alice, 1)).toSender, "__action_error")[0]).toMatchObject({ code: "rate_limited" });
    expect(only((await add(bob, 1)).toSender, "__action_result")).toHaveLength(1);
  });

  it("is the seat's, not the connection's: a second connection of the seat shares what is left", async () => {
    const { alice, add, connect } = await countedRoom();
    for (let seq = 1; seq <= FRAME_BUDGET.burst; seq++) await add(alice, seq);
    const other = connect("alice");
    await other.outcome;
    expect(only((await add(other.info, 1)).toSender, "__action_error")[0]).toMatchObject({ code: "rate_limited" });
  });
});
