import type { WorkerEntrypoint } from "cloudflare:workers";
import type { ActionCall, LogicCall, LogicRunner, Settled } from "../../src/engine/logic-runner";
import type { GameDescription, LogicInput } from "../../src/engine/types";
import { codeKeys } from "../../src/publishing/code-keys";
import { ENGINE_TEMPLATE_JS } from "./sandbox/generated-template";
import { SANDBOX_COMPATIBILITY_DATE, SANDBOX_CPU_MS } from "./sandbox-settings";

/** The RPC surface of the engine template (sandbox/entry.ts) inside the isolate. */
interface EngineEntrypoint extends WorkerEntrypoint {
  describe(): Promise<GameDescription>;
  run(call: LogicCall): Promise<Settled>;
  runActions(input: LogicInput, actions: ActionCall[]): Promise<Settled[]>;
}

export class LogicMissingError extends Error {}

/**
 * Loads `{revisionId}/logic.js` from R2 into its own isolate, under id `codeId`, wrapped in the
 * engine template. The isolate gets no bindings; its only network is `outbound` (the egress gate,
 * or null: no network at all).
 */
export function loadIsolateRunner(env: Env, revisionId: string, codeId: string, outbound: Fetcher | null): LogicRunner {
  const worker = env.LOADER.get(codeId, async () => {
    const object = await env.CODE.get(codeKeys.logic(revisionId));
    if (!object) throw new LogicMissingError(`${codeKeys.logic(revisionId)} is not in storage`);
    return {
      compatibilityDate: SANDBOX_COMPATIBILITY_DATE,
      mainModule: "template.js",
      modules: { "template.js": ENGINE_TEMPLATE_JS, "logic.js": await object.text() },
      env: {},
      globalOutbound: outbound,
      limits: { cpuMs: SANDBOX_CPU_MS },
    };
  });
  const entrypoint = worker.getEntrypoint<EngineEntrypoint>();
  return {
    describe: () => entrypoint.describe(),
    run: (call) => entrypoint.run(call),
    runActions: (input, actions) => entrypoint.runActions(input, actions),
  };
}
