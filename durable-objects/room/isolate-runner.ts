import { type ChannelHooks, ChannelRunner } from "../../src/engine/channel-runner";
import { codeKeys } from "../../src/publishing/code-keys";
import { sandboxModules } from "./sandbox-modules";
import { CHANNEL_CPU_MS, CHANNEL_LIMITS, SANDBOX_COMPATIBILITY_DATE } from "./sandbox-settings";

export class LogicMissingError extends Error {}

/**
 * Loads `{revisionId}/logic.js` from R2 into its own isolate, under id `codeId`, wrapped in the
 * engine template, and talks to it over channels (src/engine/channel-runner.ts). The isolate gets
 * no bindings; its only network is `outbound` (the egress gate, or null: no network at all).
 */
export function loadIsolateRunner(
  env: Env,
  {
    revisionId,
    codeId,
    outbound,
    guardGlobals,
  }: { revisionId: string; codeId: string; outbound: Fetcher | null; guardGlobals: boolean },
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
  const entrypoint = worker.getEntrypoint();
  return new ChannelRunner(
    async (events) => {
      const response = await entrypoint.fetch("http://sandbox/channel", { headers: { Upgrade: "websocket" } });
      const channel = response.webSocket;
      if (!channel) throw new Error(`the sandbox did not open a channel (${response.status})`);
      channel.accept();
      channel.addEventListener("message", (event) => {
        if (typeof event.data === "string") events.message(event.data);
        else events.closed("a binary message");
      });
      channel.addEventListener("close", (event) => events.closed(`code ${event.code}`));
      channel.addEventListener("error", () => events.closed("an error"));
      return channel;
    },
    CHANNEL_LIMITS,
    now,
    hooks,
  );
}
