import { describeGame } from "./describe-game";
import { runAction, runDeadline, runPresence, runSetup, runTick, UnknownActionError } from "./run-logic";
import type { GameDefinition, GameDescription, LogicInput, LogicResult, PresenceChange } from "./types";

/**
 * The one home of calling scenario code: the calls a room makes, the runner interface, and the
 * in-process runner (solo mode, dev tools, tests). The room's sandbox (durable-objects/room/
 * sandbox/entry.ts) is a thin RPC adapter of runLogicCall and runActionBatch.
 */

/** One piece of scenario code other than actions. */
export type LogicCall =
  | { kind: "setup"; input: LogicInput }
  | { kind: "tick"; input: LogicInput }
  | { kind: "deadline"; name: string; data: unknown; input: LogicInput }
  | { kind: "presence"; change: PresenceChange; input: LogicInput };

/** One action of a batch; the batch's input supplies everything else (state, clock, inputs). */
export interface ActionCall {
  action: string;
  payload: unknown;
  playerId: string;
}

/**
 * A call's outcome as a value: scenario exceptions come back as `ok: false` (a rejected RPC would
 * be logged as uncaught in the sandbox), with `unknown_action` told apart from a handler that threw.
 */
export type Settled =
  | { ok: true; result: LogicResult }
  | { ok: false; code: "unknown_action" | "failed"; error: string };

/** Runs the scenario's code: in a sandboxed isolate on the server, in-process in solo mode and tests. */
export interface LogicRunner {
  describe(): Promise<GameDescription>;
  run(call: LogicCall): Promise<Settled>;
  /** Actions one after another in one call, each on what the one before left (see runActionBatch). */
  runActions(input: LogicInput, actions: ActionCall[]): Promise<Settled[]>;
}

async function settle(run: () => Promise<LogicResult>): Promise<Settled> {
  try {
    return { ok: true, result: await run() };
  } catch (error) {
    const code = error instanceof UnknownActionError ? "unknown_action" : "failed";
    return { ok: false, code, error: error instanceof Error ? error.message : String(error) };
  }
}

export function runLogicCall(game: GameDefinition, call: LogicCall): Promise<Settled> {
  switch (call.kind) {
    case "setup":
      return settle(() => runSetup(game, call.input));
    case "tick":
      return settle(() => runTick(game, call.input));
    case "deadline":
      return settle(() => runDeadline(game, call.name, call.data, call.input));
    case "presence":
      return settle(() => runPresence(game, call.change, call.input));
  }
}

/**
 * Actions that waited in a room's queue, run in arrival order: each on the state, random stream
 * and deadlines the last successful one left, each with its own rollback (one that throws leaves
 * them as they were for the next). One result per action.
 */
export async function runActionBatch(
  game: GameDefinition,
  input: LogicInput,
  actions: ActionCall[],
): Promise<Settled[]> {
  let current = input;
  const results: Settled[] = [];
  for (const { action, payload, playerId } of actions) {
    const settled = await settle(() => runAction(game, action, payload, { ...current, playerId }));
    if (settled.ok) {
      const { state, rng, deadlines } = settled.result;
      current = { ...current, state, rng, deadlines };
    }
    results.push(settled);
  }
  return results;
}

/** Runs a game object in this process: the browser's solo mode, the dev tools and the core's tests. */
export class LocalLogicRunner implements LogicRunner {
  private readonly game: GameDefinition;

  constructor(game: GameDefinition) {
    this.game = game;
  }

  async describe() {
    return describeGame(this.game);
  }

  run(call: LogicCall) {
    return runLogicCall(this.game, call);
  }

  runActions(input: LogicInput, actions: ActionCall[]) {
    return runActionBatch(this.game, input, actions);
  }
}
