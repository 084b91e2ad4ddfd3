import type { GameDefinition } from "../../../src/engine/types";
import type { Replay, StepResult } from "../../../src/room-core/replay";
import { type ActResult, createTestRoom, type TestableGame } from "../../../src/room-core/test-room";

/** What came of one step: the action's outcome (as a replay records it) and the state after it. */
export interface StepSeen {
  index: number;
  result: StepResult | null;
  state: unknown;
}

/**
 * Plays a saved game's inputs again through a test room's own calls (connect, disconnect, act,
 * input, tick, fireDeadlines), each at its recorded time on the test room's manual clock, and
 * returns what came of each step beside what the room recorded for it.
 */
export async function playInTestRoom(
  game: TestableGame,
  replay: Replay,
): Promise<{ recorded: StepSeen[]; now: StepSeen[] }> {
  if (!replay.roster) throw new Error("the replay pinned no roster");
  const room = await createTestRoom(game as GameDefinition, {
    players: replay.roster,
    seed: replay.seed,
    online: [],
    clock: "manual",
  });
  const seatOf = new Map<string, string>();
  const open = new Map<string, string[]>();
  const recorded: StepSeen[] = [];
  const now: StepSeen[] = [];
  let elapsed = 0;
  let recordedState: unknown = null;
  for (const [index, step] of replay.steps.entries()) {
    await room.advance(step.at - elapsed);
    elapsed = step.at;
    let result: ActResult | null = null;
    const { input } = step;
    if (input.kind === "connect") {
      const seat = input.connection.playerId;
      seatOf.set(input.connection.connectionId, seat);
      open.set(seat, [...(open.get(seat) ?? []), input.connection.connectionId]);
      await room.connect(seat);
    } else if (input.kind === "disconnect") {
      const seat = seatOf.get(input.connectionId) as string;
      // The test room closes a seat's oldest connection: the recorded one must be that one.
      const [oldest, ...rest] = open.get(seat) ?? [];
      if (oldest !== input.connectionId) throw new Error(`step ${index}: ${seat} closed a newer connection first`);
      open.set(seat, rest);
      await room.disconnect(seat);
    } else if (input.kind === "frame") {
      const seat = seatOf.get(input.connectionId) as string;
      const { message } = input;
      if (message.type === "__action") result = await room.act(seat, message.action, message.payload);
      else if (message.type === "__input") await room.input(seat, message.data);
      else throw new Error(`step ${index}: a ${message.type} frame, which this driver does not play`);
    } else if (input.kind === "tick") await room.tick();
    else if (input.kind === "deadlines") await room.fireDeadlines();
    else throw new Error(`step ${index}: an ${input.kind} input, which this driver does not play`);
    if (step.state !== undefined) recordedState = step.state;
    recorded.push({ index, result: step.result ?? null, state: recordedState });
    now.push({ index, result: result && stepResultOf(result), state: room.state });
  }
  return { recorded, now };
}

function stepResultOf(result: ActResult): StepResult {
  return result.applied ? { ok: true, events: result.events } : { ok: false, code: result.code };
}
