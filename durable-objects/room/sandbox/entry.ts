/**
 * The engine template: the module the room's sandboxed isolate starts from. It is bundled with
 * esbuild into sandbox/generated-template.ts (`npm run gen:template`), and the room loads it next
 * to the revision's logic.js. A thin RPC adapter of src/engine/logic-runner.ts, the same code the
 * SDK's solo mode runs.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { describeGame } from "../../../src/engine/describe-game";
import { type ActionCall, type LogicCall, runActionBatch, runLogicCall } from "../../../src/engine/logic-runner";
import type { GameDefinition, LogicInput } from "../../../src/engine/types";
import logic from "./logic.js";

const game: GameDefinition = logic && typeof logic === "object" ? logic : {};

export default class EngineTemplate extends WorkerEntrypoint {
  describe() {
    return describeGame(game);
  }

  run(call: LogicCall) {
    return runLogicCall(game, call);
  }

  runActions(input: LogicInput, actions: ActionCall[]) {
    return runActionBatch(game, input, actions);
  }
}
