/**
 * The engine template: the module the room's sandboxed isolate starts from. It is bundled with
 * esbuild into sandbox/generated-template.ts (`npm run gen:template`), and the room loads it next
 * to the revision's logic.js. Each method runs one piece of scenario code through src/engine, the
 * same code the SDK's solo mode runs.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { describeGame } from "../../../src/engine/describe-game";
import { runAction, runDeadline, runSetup, runTick } from "../../../src/engine/run-logic";
import type { GameDefinition, LogicInput, LogicResult } from "../../../src/engine/types";
import logic from "./logic.js";

const game: GameDefinition = logic && typeof logic === "object" ? logic : {};

/** Scenario exceptions come back as values: a rejected RPC would be logged as uncaught here. */
export type Settled = { ok: true; result: LogicResult } | { ok: false; error: string };

async function settle(run: () => Promise<LogicResult>): Promise<Settled> {
  try {
    return { ok: true, result: await run() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export default class EngineTemplate extends WorkerEntrypoint {
  describe() {
    return describeGame(game);
  }

  setup(input: LogicInput) {
    return settle(() => runSetup(game, input));
  }

  action(name: string, payload: unknown, input: LogicInput) {
    return settle(() => runAction(game, name, payload, input));
  }

  tick(input: LogicInput) {
    return settle(() => runTick(game, input));
  }

  deadline(name: string, data: unknown, input: LogicInput) {
    return settle(() => runDeadline(game, name, data, input));
  }
}
