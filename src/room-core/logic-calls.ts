import type { ActionCall, LogicCall, LogicRunner, Settled } from "../engine/logic-runner";
import { stateToJson } from "../engine/state";
import type { GameDescription, LogicInput, LogicResult } from "../engine/types";
import { utf8Over } from "../engine/utf8-size";
import type { RoomLogger } from "./types";
import { errorMessage } from "./views";

/** A call that went through: its result, and its state as JSON (serialized once for every frame). */
export interface Ran {
  ok: true;
  result: LogicResult;
  stateJson: string;
}

/** A call that did not: the scenario threw, the action is unknown, or the sandbox failed. */
export interface Failed {
  ok: false;
  code: "unknown_action" | "action_failed";
  error: string;
}

/** At most this many waiting actions go into one call, so the call's CPU limit stays a fair share. */
export const MAX_ACTIONS_PER_CALL = 16;
/**
 * A room's state is at most this many bytes of JSON (docs/rooms.md "Limits"): it is stored in one
 * value of the Durable Object's storage (2 MB with its key at most), sent into the sandbox with each
 * call and to every client with each change. Measured on the JSON the frames are built from.
 */
export const MAX_STATE_BYTES = 1024 * 1024;

/**
 * The room core's calls into scenario code and their error handling, in one place: every failure,
 * whether the scenario threw or the sandbox did, becomes a value the core can answer with.
 */
export class LogicCalls {
  private description: GameDescription | null = null;
  /** Calls made for actions so far (for the benchmark: actions per call). */
  actionCalls = 0;
  private runner: LogicRunner;
  private readonly log: RoomLogger;

  constructor(runner: LogicRunner, log: RoomLogger) {
    this.runner = runner;
    this.log = log;
  }

  /** New code (a changed codeId): what was learnt of the old code is forgotten. */
  replace(runner: LogicRunner): void {
    this.runner = runner;
    this.description = null;
  }

  /** The game's actions, deadlines and tick rate, asked once per code. A sandbox failure propagates. */
  async describe(): Promise<GameDescription> {
    this.description ??= await this.runner.describe();
    return this.description;
  }

  /** What describe() answered, once it was asked; null before. */
  get described(): GameDescription | null {
    return this.description;
  }

  /** Tick rate, once described (0 until then). */
  get tickRate(): number {
    return this.description?.tickRate ?? 0;
  }

  /** setup(), update() or a deadline handler; a failure is logged with `failure` and returned. */
  async run(call: LogicCall, failure: string): Promise<Ran | Failed> {
    const done = await this.settle(() => this.runner.run(call));
    if (!done.ok) this.log("error", failure, { error: done.error });
    return done;
  }

  /**
   * Waiting actions in one call (each its own rollback, results in order). When the call fails as
   * a whole (the sandbox stopped it: its CPU limit, its deadline, a crash), or the room refuses one
   * action's state, each action is run again on its own, so the culprit fails alone.
   */
  async actions(input: LogicInput, actions: ActionCall[]): Promise<(Ran | Failed)[]> {
    this.actionCalls++;
    try {
      const settled = await this.runner.runActions(input, actions);
      const results = settled.map(ranOf);
      // An action whose state the room refused (over MAX_STATE_BYTES) was built on by the ones
      // after it in the sandbox: the batch is run again one by one, as a failed call is.
      const refusedHere = results.some((result, index) => !result.ok && settled[index]?.ok);
      if (actions.length === 1 || !refusedHere) return results;
    } catch (error) {
      if (actions.length === 1) return [{ ok: false, code: "action_failed", error: errorMessage(error) }];
    }
    const results: (Ran | Failed)[] = [];
    let current = input;
    for (const action of actions) {
      const [done] = await this.actions(current, [action]);
      if (done?.ok) current = { ...current, ...pick(done.result) };
      results.push(done as Ran | Failed);
    }
    return results;
  }

  private async settle(call: () => Promise<Settled>): Promise<Ran | Failed> {
    try {
      return ranOf(await call());
    } catch (error) {
      return { ok: false, code: "action_failed", error: errorMessage(error) };
    }
  }
}

function ranOf(settled: Settled): Ran | Failed {
  if (!settled.ok) {
    return {
      ok: false,
      code: settled.code === "unknown_action" ? "unknown_action" : "action_failed",
      error: settled.error,
    };
  }
  const checked = checkedState(settled.result.state);
  if (!checked.ok) return { ok: false, code: "action_failed", error: checked.error };
  return { ok: true, result: settled.result, stateJson: checked.stateJson };
}

/**
 * The room's check of a state it is to adopt, whoever made it (scenario code, the inspector's
 * edit): JSON as it travels (stateToJson) and at most MAX_STATE_BYTES of it.
 */
export function checkedState(state: unknown): { ok: true; stateJson: string } | { ok: false; error: string } {
  let stateJson: string;
  try {
    stateJson = stateToJson(state);
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
  if (utf8Over(stateJson, MAX_STATE_BYTES)) {
    return { ok: false, error: `the state is larger than ${MAX_STATE_BYTES} bytes of JSON` };
  }
  return { ok: true, stateJson };
}

function pick({ state, rng, deadlines }: LogicResult) {
  return { state, rng, deadlines };
}
