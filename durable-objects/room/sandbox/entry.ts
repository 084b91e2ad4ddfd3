/**
 * The engine template: the module the room's sandboxed isolate starts from. It is bundled with
 * esbuild into sandbox/generated-template.ts (`npm run gen:template`), and the room loads it next
 * to the revision's logic.js. Each method runs one piece of scenario code through src/engine, the
 * same code the SDK's solo mode runs.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { describeGame } from "../../../src/engine/describe-game";
import { runAction, runDeadline, runSetup, runTick } from "../../../src/engine/run-logic";
import type { GameDefinition, LogicInput } from "../../../src/engine/types";
import logic from "./logic.js";

const game: GameDefinition = logic && typeof logic === "object" ? logic : {};

export default class EngineTemplate extends WorkerEntrypoint {
  describe() {
    return describeGame(game);
  }

  setup(input: LogicInput) {
    return runSetup(game, input);
  }

  action(name: string, payload: unknown, input: LogicInput) {
    return runAction(game, name, payload, input);
  }

  tick(input: LogicInput) {
    return runTick(game, input);
  }

  deadline(name: string, data: unknown, input: LogicInput) {
    return runDeadline(game, name, data, input);
  }
}
