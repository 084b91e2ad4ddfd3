import { configFor } from "../../src/config";
import { sandboxOutbound } from "../../src/egress/outbound";
import type { ChannelRunner } from "../../src/engine/channel-runner";
import { loadIsolateRunner } from "./isolate-runner";
import type { RoomHostParts } from "./room-host";
import { CHANNEL_IDLE_MS, CHANNEL_QUIET_MS } from "./sandbox-settings";

/**
 * The room's channel into its sandboxed isolate (isolate-runner.ts): opened with the room's code,
 * watched at the room's alarm for calls past their deadline, and closed once idle (an open channel
 * keeps the Durable Object from hibernating, and is billed as duration all that time), right after
 * a call that came after a long quiet, or when the room empties.
 */
export class SandboxChannel {
  private readonly parts: RoomHostParts;
  private channel: ChannelRunner | null = null;
  /** An alarm is reserved to close the channel once it is idle. */
  private watched = false;

  constructor(parts: RoomHostParts) {
    this.parts = parts;
  }

  /** The runner of a revision's code, replacing the channel of the code before (a changed codeId). */
  open(revisionId: string, codeId: string, requestId?: string): ChannelRunner {
    const { env: envOf, ctx, log } = this.parts;
    const env = envOf();
    const outbound = sandboxOutbound(configFor(env).egressAllowedHosts, (allowedHosts) =>
      ctx.exports.EgressGate({ props: { allowedHosts, ...(requestId ? { requestId } : {}) } }),
    );
    this.channel?.close();
    // Dev only: outside dev no guard runs, and what a reply says of globals is not heard.
    const guardGlobals = configFor(env).environment === "dev";
    const globalWrites = (names: string[]) =>
      log(
        "warn",
        "logic.js wrote to the isolate's globals, which every room of this revision shares: keep no mutable state outside the room's state (docs/authoring.md)",
        { globals: names, revisionId },
      );
    this.channel = loadIsolateRunner(env, { revisionId, codeId, outbound, guardGlobals }, this.parts.channelNow, {
      watch: (inMs) => this.parts.wake.reserve(inMs),
      ...(guardGlobals ? { globalWrites } : {}),
    });
    this.watched = false;
    return this.channel;
  }

  /**
   * At the alarm, before anything that waits its turn in the core (a call that never returns holds
   * the queue): a call past its deadline fails as a thrown error would, and the channel is replaced.
   */
  failOverdue(): void {
    const failed = this.channel?.failOverdue() ?? 0;
    if (failed > 0)
      this.parts.log("warn", "a call into the sandbox passed its deadline; its channel was replaced", {
        calls: failed,
      });
  }

  /**
   * At the alarm: the channel is closed once it carried nothing for CHANNEL_IDLE_MS; until then
   * the alarm is reserved again for the moment it would be.
   */
  closeIfIdle(): void {
    this.watched = false;
    const since = this.channel?.idleSince();
    if (since == null) return;
    const idleFor = this.parts.channelNow() - since;
    if (idleFor >= CHANNEL_IDLE_MS) this.channel?.close();
    else this.checkIn(CHANNEL_IDLE_MS - idleFor);
  }

  /**
   * After an operation: an empty room calls no scenario code; a channel whose last call came after
   * CHANNEL_QUIET_MS without one closes now that it is idle (a turn of a slow game); another open
   * channel is watched until it has been idle for CHANNEL_IDLE_MS.
   */
  follow(openCount: number): void {
    const channel = this.channel;
    if (openCount === 0) {
      channel?.close();
      return;
    }
    if (channel?.idleSince() == null) return;
    if (channel.quietBeforeLastCall >= CHANNEL_QUIET_MS) channel.close();
    else if (!this.watched) this.checkIn(CHANNEL_IDLE_MS);
  }

  stats() {
    return {
      sandboxChannels: this.channel?.opened ?? 0,
      sandboxChannelOpen: this.channel?.isOpen ?? false,
      sandboxCallsWaiting: this.channel?.waitingCalls ?? 0,
    };
  }

  private checkIn(delayMs: number) {
    this.watched = true;
    this.parts.wake.reserve(delayMs);
  }
}
