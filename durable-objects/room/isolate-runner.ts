import type { WorkerEntrypoint } from "cloudflare:workers";
import type { GameDescription, LogicInput, LogicResult } from "../../src/engine/types";
import type { LogicRunner } from "../../src/room-core/types";
import type { Settled } from "./sandbox/entry";
import { ENGINE_TEMPLATE_JS } from "./sandbox/generated-template";

/** The RPC surface of the engine template (sandbox/entry.ts) inside the isolate. */
interface EngineEntrypoint extends WorkerEntrypoint {
  describe(): Promise<GameDescription>;
  setup(input: LogicInput): Promise<Settled>;
  action(name: string, payload: unknown, input: LogicInput): Promise<Settled>;
  tick(input: LogicInput): Promise<Settled>;
  deadline(name: string, data: unknown, input: LogicInput): Promise<Settled>;
}

/** A scenario exception inside the sandbox, rethrown on this side with its message. */
export class ScenarioError extends Error {}

async function unwrap(settled: Promise<Settled>): Promise<LogicResult> {
  const outcome = await settled;
  if (!outcome.ok) throw new ScenarioError(outcome.error);
  return outcome.result;
}

export class LogicMissingError extends Error {}

const SANDBOX_COMPATIBILITY_DATE = "2026-11-01";
/** CPU time one call of scenario code may use before the runtime stops it. */
const SANDBOX_CPU_MS = 200;

/**
 * Loads `{revisionId}/logic.js` from R2 into its own isolate, under id `codeId`, wrapped in the
 * engine template. The isolate gets no bindings; its only network is `outbound` (the egress gate,
 * or null: no network at all).
 */
export function loadIsolateRunner(env: Env, revisionId: string, codeId: string, outbound: Fetcher | null): LogicRunner {
  const worker = env.LOADER.get(codeId, async () => {
    const object = await env.CODE.get(`${revisionId}/logic.js`);
    if (!object) throw new LogicMissingError(`${revisionId}/logic.js is not in storage`);
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
    setup: (input) => unwrap(entrypoint.setup(input)),
    action: (name, payload, input) => unwrap(entrypoint.action(name, payload, input)),
    tick: (input) => unwrap(entrypoint.tick(input)),
    deadline: (name, data, input) => unwrap(entrypoint.deadline(name, data, input)),
  };
}
