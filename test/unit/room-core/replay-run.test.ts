import { describe, expect, it } from "vitest";
import ticTacToe from "../../../examples/tic-tac-toe/src/logic.ts";
import { LocalLogicRunner, type LogicRunner } from "../../../src/engine/logic-runner";
import type { RoomView } from "../../../src/room-core/journal";
import { MAX_REPLAY_STEPS, parseReplay, replayActions, replayInputs } from "../../../src/room-core/replay";
import { MAX_REPLAY_STATE_CHARS, ReplayRecorder } from "../../../src/room-core/replay-recorder";
import { runReplay } from "../../../src/room-core/replay-run";
import { makeRoom, recordBothJoined } from "./harness";

/** The game's logic as the room server runs it: every call takes `ms` of the room's real time. */
function slowRunner(room: { clock?: { now: number } }, ms: number): LogicRunner {
  const local = new LocalLogicRunner(ticTacToe);
  const pass = () => {
    if (room.clock) room.clock.now += ms;
  };
  return {
    describe: () => local.describe(),
    run: async (call) => {
      pass();
      return local.run(call);
    },
    runActions: async (input, actions) => {
      pass();
      return local.runActions(input, actions);
    },
  };
}

describe("a replay runs a recorded room again", () => {
  it("matches even when the logic calls took time: an operation runs at one instant of the clock", async () => {
    const timing: { clock?: { now: number } } = {};
    const room = makeRoom(ticTacToe, undefined, slowRunner(timing, 7));
    timing.clock = room.clock;
    const { recorder, alice, bob } = await recordBothJoined(room);
    room.clock.now += 3_000;
    await room.send(alice, { type: "__action", action: "place", payload: { cell: 4 }, seq: 1 });
    await room.send(bob, { type: "__action", action: "place", payload: { cell: 0 }, seq: 1 });
    const replay = recorder.replay();
    expect(replay?.steps).toHaveLength(4);
    // The turn timer O got starts 20 s after the instant of X's action, not after X's call returned.
    expect(replay?.steps[2]?.state).toMatchObject({ turn: "O", turnEndsAt: (replay?.steps[2]?.at ?? 0) + 20_000 });
    expect(await runReplay(parseReplay(JSON.stringify(replay)), new LocalLogicRunner(ticTacToe))).toEqual({
      matches: true,
      steps: 4,
    });
  });
});

describe("the replay recorder's bounds", () => {
  it(`keeps the first ${MAX_REPLAY_STEPS} steps and says the rest were left out`, () => {
    const recorder = new ReplayRecorder();
    const view = { revisionId: "rev-1", codeId: "rev-1:1", seed: 1, roster: null, state: { n: 0 } } as RoomView;
    for (let at = 0; at <= MAX_REPLAY_STEPS; at++) {
      recorder.input({ kind: "tick" }, at);
      recorder.note({ kind: "tick", tick: at, ok: true, events: [], gameTime: at }, { ...view, state: { n: at } });
    }
    const replay = recorder.replay();
    expect(replay?.truncated).toBe(true);
    expect(replay?.steps).toHaveLength(MAX_REPLAY_STEPS);
    expect(replay?.steps.at(-1)).toEqual({
      at: MAX_REPLAY_STEPS - 1,
      input: { kind: "tick" },
      state: { n: MAX_REPLAY_STEPS - 1 },
    });
  });

  it("keeps states up to MAX_REPLAY_STATE_CHARS of JSON, then leaves the later steps out", () => {
    const recorder = new ReplayRecorder();
    const view = { revisionId: "rev-1", codeId: "rev-1:1", seed: 1, roster: null } as RoomView;
    const big = "x".repeat(4 * 1024 * 1024);
    const steps = Math.ceil(MAX_REPLAY_STATE_CHARS / big.length) + 3;
    for (let at = 0; at < steps; at++) {
      recorder.input({ kind: "tick" }, at);
      recorder.note({ kind: "tick", tick: at, ok: true, events: [], gameTime: at }, { ...view, state: { at, big } });
    }
    const replay = recorder.replay();
    expect(replay?.truncated).toBe(true);
    // Each state is a little over 4 MiB of JSON: the eighth passes 32 MiB, and no step after it is kept.
    expect(replay?.steps).toHaveLength(MAX_REPLAY_STATE_CHARS / big.length);
  });
});

describe("a replay's inputs and actions, for tools that drive rooms", () => {
  it("hands out the inputs with their times, and the actions each with its seat, in their order", async () => {
    const room = makeRoom(ticTacToe);
    const { recorder, alice, bob } = await recordBothJoined(room);
    room.clock.now += 1_000;
    await room.send(alice, { type: "__action", action: "place", payload: { cell: 4 }, seq: 1 });
    await room.send(bob, { type: "__action", action: "place", payload: { cell: 0 }, seq: 1 });
    const text = JSON.stringify(recorder.replay());
    expect(replayInputs(text).map(({ at, input }) => [at, input.kind])).toEqual([
      [0, "connect"],
      [0, "connect"],
      [1_000, "frame"],
      [1_000, "frame"],
    ]);
    expect(replayActions(parseReplay(text))).toEqual([
      { seatId: "alice", action: "place", payload: { cell: 4 } },
      { seatId: "bob", action: "place", payload: { cell: 0 } },
    ]);
  });
});
