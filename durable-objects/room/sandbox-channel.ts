import { configFor } from "../../src/config";
import { sandboxOutbound } from "../../src/egress/outbound";
import type { ChannelRunner } from "../../src/engine/channel-runner";
import { ChannelDock } from "./channel-dock";
import { loadIsolateRunner } from "./isolate-runner";
import type { RoomHostParts } from "./room-host";

/**
 * The room's channel into its sandboxed isolate (isolate-runner.ts): opened with the room's code,
 * held as a hibernatable socket (channel-dock.ts) so that it costs no duration and lets the room
 * hibernate, watched at the room's alarm while a call is under way, and closed when the room empties.
 */
export class SandboxChannel {
  private readonly parts: RoomHostParts;
  private channel: ChannelRunner | null = null;
  /** Where the sandbox's channels arrive. */
  readonly dock: ChannelDock;

  constructor(parts: RoomHostParts) {
    this.parts = parts;
    this.dock = new ChannelDock(parts.ctx, parts.channelNow);
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
    const door = ctx.exports.SandboxDoor({ props: { room: ctx.id.toString() } });
    this.channel = loadIsolateRunner(
      env,
      { revisionId, codeId, outbound, guardGlobals, dock: this.dock, door },
      this.parts.channelNow,
      {
        watch: () => {
          const inMs = this.channel?.overdueIn();
          if (inMs != null) this.parts.wake.reserve("calls", inMs);
        },
        ...(guardGlobals ? { globalWrites } : {}),
      },
    );
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
   * After an operation: an empty room calls no scenario code, and its channel closes; once no call
   * is under way, the alarm reserved for their deadline is let go (an alarm is a billed request).
   */
  follow(openCount: number): void {
    if (openCount === 0) this.channel?.close();
    if (this.channel?.overdueIn() == null) this.parts.wake.release("calls");
  }

  stats() {
    return {
      sandboxChannels: this.channel?.opened ?? 0,
      sandboxChannelOpen: this.channel?.isOpen ?? false,
      sandboxCallsWaiting: this.channel?.waitingCalls ?? 0,
      sandboxReplies: this.channel?.replies ?? 0,
      sandboxCallMs: this.channel?.callTimeMs ?? 0,
    };
  }
}
