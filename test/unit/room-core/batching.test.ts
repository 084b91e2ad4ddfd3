import { describe, expect, it } from "vitest";
import { type ActionCall, LocalLogicRunner } from "../../../src/engine/logic-runner";
import type { LogicInput } from "../../../src/engine/types";
import type { RoomOutcome } from "../../../src/room-core/types";
import counter from "../../fixtures/counter.logic.js";
import { makeRoom, only } from "./harness";

/** The in-process runner, with the first action call held until released, and every call's size recorded. */
class HeldRunner extends LocalLogicRunner {
  readonly callSizes: number[] = [];
  private hold: Promise<void> | null;
  release!: () => void;
  /** Resolves when the first action call has started (the sandbox is busy). */
  readonly busy: Promise<void>;
  private started!: () => void;

  private readonly failWhole: (actions: ActionCall[]) => boolean;

  constructor(failWhole: (actions: ActionCall[]) => boolean = () => false) {
    super(counter);
    this.failWhole = failWhole;
    this.hold = new Promise((resolve) => {
      this.release = resolve;
    });
    this.busy = new Promise((resolve) => {
      this.started = resolve;
    });
  }

  override async runActions(input: LogicInput, actions: ActionCall[]) {
    this.callSizes.push(actions.length);
    const hold = this.hold;
    this.hold = null;
    this.started();
    if (hold) await hold;
    // As the sandbox does when a call exceeds its CPU limit: the whole call fails.
    if (actions.length > 1 && this.failWhole(actions)) throw new Error("Worker exceeded CPU time limit");
    return super.runActions(input, actions);
  }
}

async function busyRoom(runner: HeldRunner) {
  const room = makeRoom(counter, undefined, runner);
  const alice = room.connect("alice");
  await alice.outcome;
  const bob = room.connect("bob");
  await bob.outcome;
  const answered: number[] = [];
  const act = (who: typeof alice.info, action: string, payload: unknown, seq: number) =>
    room.send(who, { type: "__action", action, payload, seq }).then((outcome: RoomOutcome) => {
      answered.push(seq);
      return outcome;
    });
  return { ...room, alice: alice.info, bob: bob.info, act, answered };
}

describe("actions waiting while the sandbox is busy", () => {
  it("run in one call, each with its own rollback, answered in arrival order", async () => {
    const runner = new HeldRunner();
    const { alice, bob, act, answered, core } = await busyRoom(runner);
    const first = act(alice, "add", { n: 1 }, 1);
    await runner.busy;
    const rest = [act(bob, "add", { n: 2 }, 2), act(alice, "explode", {}, 3), act(bob, "add", { n: 3 }, 4)];
    runner.release();
    const [one, two, three, four] = await Promise.all([first, ...rest]);
    expect(runner.callSizes).toEqual([1, 3]);
    expect(answered).toEqual([1, 2, 3, 4]);
    expect(only(one?.toSender ?? [], "__action_result")[0]).toMatchObject({ ack: 1, state: { count: 1 } });
    expect(only(two?.toSender ?? [], "__action_result")[0]).toMatchObject({ ack: 2, state: { count: 3 } });
    expect(only(three?.toSender ?? [], "__action_error")[0]).toMatchObject({ seq: 3, code: "action_failed" });
    expect(three?.toOthers).toEqual([]);
    expect(only(four?.toSender ?? [], "__action_result")[0]).toMatchObject({ ack: 4, state: { count: 6 } });
    expect(only(four?.toOthers ?? [], "__action_result")[0]).toMatchObject({ ack: null, by: "bob" });
    expect(core.record.state).toMatchObject({ count: 6 });
  });

  it("never cross another frame: what came between them runs between them", async () => {
    const runner = new HeldRunner();
    const { alice, bob, act, send } = await busyRoom(runner);
    const first = act(alice, "add", { n: 1 }, 1);
    await runner.busy;
    const second = act(bob, "add", { n: 2 }, 2);
    const state = send(alice, { type: "__request_state" });
    const third = act(bob, "add", { n: 3 }, 3);
    runner.release();
    const [, , between] = await Promise.all([first, second, state, third]);
    expect(runner.callSizes).toEqual([1, 1, 1]);
    expect(only(between.toSender, "__state")[0]).toMatchObject({ state: { count: 3 } });
  });

  it("are run again one by one when the call fails as a whole, so only the culprit fails", async () => {
    const runner = new HeldRunner((actions) => actions.some((a) => a.action === "explode"));
    const { alice, bob, act, core } = await busyRoom(runner);
    const first = act(alice, "add", { n: 1 }, 1);
    await runner.busy;
    const rest = [act(bob, "add", { n: 2 }, 2), act(alice, "explode", {}, 3), act(bob, "add", { n: 3 }, 4)];
    runner.release();
    const outcomes = await Promise.all([first, ...rest]);
    expect(runner.callSizes).toEqual([1, 3, 1, 1, 1]);
    expect(only(outcomes[2]?.toSender ?? [], "__action_error")[0]).toMatchObject({ seq: 3, code: "action_failed" });
    expect(only(outcomes[3]?.toSender ?? [], "__action_result")[0]).toMatchObject({ ack: 4, state: { count: 6 } });
    expect(core.record.state).toMatchObject({ count: 6 });
  });
});
