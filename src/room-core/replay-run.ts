import type { LogicRunner } from "../engine/logic-runner";
import { applyInput } from "./inputs";
import type { JournalEntry } from "./journal";
import type { Replay, ReplayStep, StepResult } from "./replay";
import { newRoomRecord, RoomCore } from "./room-core";
import { type StateChange, stateChanges } from "./state-diff";

/** What came of a step: the action's outcome (an error with its message now), and the state after it. */
export interface StepOutcome {
  result: (StepResult & { error?: string }) | null;
  state: unknown;
}

/** The first step whose outcome is not the recorded one. */
export interface Divergence {
  /** Its index in `steps` (0-based). */
  index: number;
  step: ReplayStep;
  /** The seat of the connection the step came from, if any. */
  seat: string | null;
  recorded: StepOutcome;
  now: StepOutcome;
  /** How the state after the step differs: recorded (before) against now (after). */
  changes: StateChange[];
}

export type ReplayVerdict = { matches: true; steps: number } | { matches: false; divergence: Divergence };

/**
 * Runs a replay's steps through a new room core with `runner` (the logic as it is now), each at
 * its recorded time, and compares each outcome with the recorded one: the action's ack or error
 * code, its events, and the state after it. Stops at the first step that differs.
 */
export async function runReplay(replay: Replay, runner: LogicRunner): Promise<ReplayVerdict> {
  const clock = { now: 0 };
  let result: StepOutcome["result"] = null;
  const core = new RoomCore({
    runner,
    record: newRoomRecord(replay.revisionId, replay.codeId, replay.seed),
    now: () => clock.now,
    log: () => {},
    journal: {
      input: () => {},
      note: (entry: JournalEntry) => {
        if (entry.kind !== "action" || result) return;
        const { result: ran } = entry;
        result = ran.ok ? { ok: true, events: ran.events } : { ok: false, code: ran.code, error: ran.error };
      },
    },
  });
  const seats = new Map<string, string>();
  let recordedState: unknown = null;
  for (const [index, step] of replay.steps.entries()) {
    if (step.input.kind === "connect") seats.set(step.input.connection.connectionId, step.input.connection.playerId);
    if (step.state !== undefined) recordedState = step.state;
    clock.now = step.at;
    result = null;
    await applyInput(core, step.input);
    const now: StepOutcome = { result, state: core.record.state ?? null };
    const recorded: StepOutcome = { result: step.result ?? null, state: recordedState };
    const changes = stateChanges(recorded.state, now.state);
    if (changes.length > 0 || !sameResult(recorded.result, now.result)) {
      const seat = seatOfStep(step, seats);
      return { matches: false, divergence: { index, step, seat, recorded, now, changes } };
    }
  }
  return { matches: true, steps: replay.steps.length };
}

function seatOfStep({ input }: ReplayStep, seats: Map<string, string>): string | null {
  if (input.kind === "connect") return input.connection.playerId;
  if (input.kind === "inspector") return input.act.act === "run_action" ? input.act.seat : null;
  return "connectionId" in input ? (seats.get(input.connectionId) ?? null) : null;
}

function sameResult(recorded: StepOutcome["result"], now: StepOutcome["result"]): boolean {
  if (!recorded || !now) return recorded === now;
  if (recorded.ok && now.ok) return stateChanges(recorded.events, now.events).length === 0;
  if (!recorded.ok && !now.ok) return recorded.code === now.code;
  return false;
}
