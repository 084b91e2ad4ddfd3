import { type ChannelHooks, ChannelRunner } from "../../src/engine/channel-runner";
import { codeKeys } from "../../src/publishing/code-keys";
import type { ChannelDock } from "./channel-dock";
import type EngineTemplate from "./sandbox/entry";
import { sandboxModules } from "./sandbox-modules";
import { CHANNEL_CPU_MS, CHANNEL_LIMITS, SANDBOX_COMPATIBILITY_DATE } from "./sandbox-settings";

export class LogicMissingError extends Error {}

/**
 * Loads `{revisionId}/logic.js` from R2 into its own isolate, under id `codeId`, wrapped in the
 * engine template, and talks to it over channels (src/engine/channel-runner.ts) that it opens into
 * the room through `door` when asked (sandbox-door.ts), and the room holds in `dock`. The isolate
 * gets no bindings; its only network is `outbound` (the egress gate, or null: no network at all).
 */
export function loadIsolateRunner(
  env: Env,
  {
    revisionId,
    codeId,
    outbound,
    guardGlobals,
    dock,
    door,
  }: {
    revisionId: string;
    codeId: string;
    outbound: Fetcher | null;
    guardGlobals: boolean;
    dock: ChannelDock;
    door: Fetcher;
  },
  now: () => number,
  hooks: ChannelHooks,
): ChannelRunner {
  const worker = env.LOADER.get(codeId, async () => {
    const object = await env.CODE.get(codeKeys.logic(revisionId));
    if (!object) throw new LogicMissingError(`${codeKeys.logic(revisionId)} is not in storage`);
    return {
      compatibilityDate: SANDBOX_COMPATIBILITY_DATE,
      mainModule: "template.js",
      modules: sandboxModules(await object.text(), guardGlobals),
      env: {},
      globalOutbound: outbound,
      limits: { cpuMs: CHANNEL_CPU_MS },
    };
  });
  const entrypoint = worker.getEntrypoint<EngineTemplate>();
  return new ChannelRunner(
    async (events) => {
      const taken = dock.takeOver(codeId, events);
      if (taken) return taken;
      const { ticket, socket } = dock.expect(codeId, events);
      try {
        await entrypoint.openChannel(door, ticket);
      } finally {
        dock.forget(ticket);
      }
      return dock.endOf(await socket, codeId);
    },
    CHANNEL_LIMITS,
    now,
    hooks,
  );
}
