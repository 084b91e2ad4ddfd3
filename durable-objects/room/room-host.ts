import { configFor } from "../../src/config";
import { sandboxOutbound } from "../../src/egress/outbound";
import type { ChannelRunner } from "../../src/engine/channel-runner";
import { newSeed } from "../../src/engine/random";
import { RoomCore } from "../../src/room-core/room-core";
import type { RoomLogger, RoomOutcome } from "../../src/room-core/types";
import { errorResponse } from "../../src/worker-kit/errors";
import { withLog } from "../../src/worker-kit/request-log";
import { DevObserver } from "./dev-observer";
import { loadIsolateRunner } from "./isolate-runner";
import type { RoomAlarm } from "./room-alarm";
import { roomLog } from "./room-log";
import { RoomStorage } from "./room-storage";
import { CHANNEL_IDLE_MS } from "./sandbox-settings";
import { readAttachment, type SocketAttachment } from "./socket-attachment";
import { codeIdOf } from "./template-version";

/** What the host reads from its Durable Object: read at each use, so a test may change them. */
export interface RoomHostParts {
  ctx: DurableObjectState;
  env: () => Env;
  /** The core's clock (game time, input rate, presence). */
  now: () => number;
  /** The clock of the channel into the sandbox: when its calls ran, how long it has been idle. */
  channelNow: () => number;
  log: RoomLogger;
  wake: RoomAlarm;
}

/**
 * The room core of one Durable Object and what it asks for: the core is made on first use or
 * rebuilt from storage after hibernation, each operation runs guarded, and each outcome is
 * delivered (frames to sockets, the record to storage, the one alarm, the tick loop). The socket
 * hooks and the alarm hook hand their events to it.
 */
export class RoomHost {
  private core: RoomCore | null = null;
  private storage: RoomStorage | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private tickWaiting = false;
  /** Dev only, from the first time a dev tool asked (observe()). */
  private observer: DevObserver | null = null;
  /** The runner of the core's code: its channel into the sandbox (isolate-runner.ts). */
  private channel: ChannelRunner | null = null;
  /** An alarm is reserved to close the channel once it is idle. */
  private channelWatched = false;

  constructor(private readonly parts: RoomHostParts) {}

  get log(): RoomLogger {
    return this.parts.log;
  }

  /**
   * The core of this room, created on first use or rebuilt from storage after hibernation or an
   * eviction, with the connections that are still open (and `closing`, whose close is being handled).
   */
  coreFor(revisionId: string, codeId: string, requestId?: string, closing?: WebSocket): RoomCore {
    if (this.core) return this.core;
    const { ctx } = this.parts;
    const stored = RoomStorage.read(ctx.storage);
    const record = stored ?? RoomCore.newRecord(revisionId, codeId, newSeed());
    const core = new RoomCore({
      runner: this.runnerFor(record.revisionId, record.codeId, requestId),
      record,
      now: this.parts.now,
      log: this.parts.log,
      liveConnections: this.liveConnections(closing),
      ...(this.observer ? { journal: this.observer.journal } : {}),
    });
    this.storage = new RoomStorage(
      ctx.storage,
      () => core.recordForStorage(),
      (delayMs) => this.parts.wake.reserve(delayMs),
    );
    this.core = core;
    // Stored from its first connection on, so that hibernation never leaves a room it cannot rebuild.
    if (!stored) this.storage.writeNow();
    return core;
  }

  /** After hibernation the core is rebuilt from storage; a room with no record has nothing to do. */
  restoredCore(closing?: WebSocket): RoomCore | null {
    if (this.core) return this.core;
    const stored = RoomStorage.read(this.parts.ctx.storage);
    return stored ? this.coreFor(stored.revisionId, stored.codeId, undefined, closing) : null;
  }

  /** The codeId a room of `revisionId` runs now: revisionId + ":" + TEMPLATE_VERSION (template-version.ts). */
  currentCodeId(revisionId: string): Promise<string> {
    return codeIdOf(revisionId, configFor(this.parts.env()).egressAllowedHosts);
  }

  /** A changed TEMPLATE_VERSION means new code for the room; its state stays. */
  ensureCurrentCode(core: RoomCore, revisionId: string, current: string, requestId?: string) {
    if (core.record.codeId === current) return;
    this.parts.log("info", "room code reloaded", { from: core.record.codeId, to: current });
    core.replaceRunner(this.runnerFor(revisionId, current, requestId), current);
    this.storage?.writeNow();
  }

  /** Writes a change still waiting for its reservation (the alarm that reserved it fired). */
  flush(): void {
    this.storage?.flush();
  }

  /** Runs a core operation; a failure (broken logic.js, isolate error) is logged and told to the sender. */
  async guard(ws: WebSocket | null, operation: () => Promise<RoomOutcome>): Promise<RoomOutcome | null> {
    try {
      return await operation();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.parts.log("error", "room operation failed", { error: message });
      const frame = {
        type: "__action_error",
        code: "room_error",
        error: "The room could not run this request",
        seq: null,
      };
      this.send(ws, JSON.stringify(frame));
      return null;
    }
  }

  deliver(sender: WebSocket | null, outcome: RoomOutcome) {
    const sockets = this.openSockets();
    for (const frame of outcome.toSender) this.send(sender, frame);
    if (outcome.broadcast.length > 0 || outcome.toOthers.length > 0) {
      for (const ws of sockets) {
        for (const frame of outcome.broadcast) sendOpen(ws, frame);
        if (ws !== sender) for (const frame of outcome.toOthers) sendOpen(ws, frame);
      }
    }
    if (outcome.persist === "now") this.storage?.writeNow();
    else if (outcome.persist === "batched") this.storage?.writeSoon();
    this.updateTickLoop(outcome, sockets.length);
    this.parts.wake.follow(outcome.nextDeadline, sockets.length, () => this.storage?.flush());
    this.watchChannel(sockets.length);
  }

  /**
   * Closes a client's socket with `code` and lets the room hear it leave at once (its close event
   * then finds the connection gone). Silent drops, floods and oversized frames end this way.
   */
  async closeSocket(ws: WebSocket, { code, reason }: { code: number; reason: string }): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
    const core = this.core;
    if (!core) return;
    const connectionId = readAttachment(ws).connectionId;
    const outcome = await this.guard(null, () => core.disconnect(connectionId));
    if (outcome) this.deliver(null, outcome);
  }

  /**
   * At the alarm, before anything that waits its turn in the core (a call that never returns holds
   * the queue): a call into the sandbox past its deadline fails as a thrown error would, and its
   * channel is replaced (src/engine/channel-runner.ts).
   */
  failOverdueCalls(): void {
    const failed = this.channel?.failOverdue() ?? 0;
    if (failed > 0)
      this.parts.log("warn", "a call into the sandbox passed its deadline; its channel was replaced", {
        calls: failed,
      });
  }

  /**
   * At the alarm: the channel into the sandbox is closed once it carried nothing for
   * CHANNEL_IDLE_MS (an open channel keeps the Durable Object from hibernating); until then the
   * alarm is reserved again for the moment it would be.
   */
  closeIdleChannel(): void {
    this.channelWatched = false;
    const since = this.channel?.idleSince();
    if (since == null) return;
    const idleFor = this.parts.channelNow() - since;
    if (idleFor >= CHANNEL_IDLE_MS) this.channel?.close();
    else this.checkChannelIn(CHANNEL_IDLE_MS - idleFor);
  }

  /** Only sockets in OPEN state count. */
  openSockets(): WebSocket[] {
    return this.parts.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /**
   * The dev-only observer's event stream (dev-observer.ts): the room's journal starts with the first
   * request and is kept while this instance lives. Outside dev there is nothing here: 404.
   */
  observe(): Response {
    if (!this.devTools()) return notInDev();
    if (!this.observer) {
      const observer = new DevObserver();
      this.observer = observer;
      // A room that already ran something before it was observed: its opening is unknown.
      const core = this.restoredCore();
      if (core) {
        core.setJournal(observer.journal);
        observer.joinedLate();
      }
    }
    return this.observer.subscribe(this.core?.view() ?? null);
  }

  /** The room's replay (src/room-core/replay.ts) as a file to save, once observed; dev only. */
  replay(roomId: string): Response {
    if (!this.devTools()) return notInDev();
    const observer = this.observer;
    if (!observer)
      return errorResponse(404, "not_observed", "This room has not been observed: open its observer first");
    if (!observer.replayable) {
      const message = "The room ran before its observer opened: its replay would not start at the beginning";
      return errorResponse(409, "replay_incomplete", message);
    }
    const replay = observer.replay();
    if (!replay) return errorResponse(404, "no_replay", "The room has run nothing yet");
    const file = `replay-${replay.revisionId}-${roomId}.json`.replace(/[^A-Za-z0-9._-]/g, "_");
    return new Response(JSON.stringify(replay), {
      headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${file}"` },
    });
  }

  private devTools(): boolean {
    return configFor(this.parts.env()).environment === "dev";
  }

  /** Figures for tests and the benchmark. */
  stats() {
    return {
      connections: this.openSockets().length,
      storageWrites: this.storage?.writes ?? 0,
      codeId: this.core?.record.codeId ?? null,
      started: this.core?.started ?? false,
      ticking: this.tickTimer !== null,
      tickRate: this.core?.tickRate ?? 0,
      actionCalls: this.core?.actionCalls ?? 0,
      sandboxChannels: this.channel?.opened ?? 0,
      sandboxChannelOpen: this.channel?.isOpen ?? false,
      sandboxCallsWaiting: this.channel?.waitingCalls ?? 0,
    };
  }

  /**
   * The attachments of the open sockets. A socket whose close woke the room is no longer open but
   * still counts until its close is handled, so that the others hear its seat go offline.
   */
  private liveConnections(closing?: WebSocket): SocketAttachment[] {
    const infos = this.openSockets().map(readAttachment);
    const last = closing ? readAttachment(closing) : undefined;
    if (last && !infos.some((info) => info.connectionId === last.connectionId)) infos.push(last);
    return infos;
  }

  private runnerFor(revisionId: string, codeId: string, requestId?: string) {
    const env = this.parts.env();
    const outbound = sandboxOutbound(configFor(env).egressAllowedHosts, (allowedHosts) =>
      this.parts.ctx.exports.EgressGate({ props: { allowedHosts, ...(requestId ? { requestId } : {}) } }),
    );
    // The old code's channel (a changed codeId) closes with it.
    this.channel?.close();
    // Dev only: outside dev no guard runs, and what a reply says of globals is not heard.
    const guardGlobals = configFor(env).environment === "dev";
    const globalWrites = (names: string[]) =>
      this.parts.log(
        "warn",
        "logic.js wrote to the isolate's globals, which every room of this revision shares: keep no mutable state outside the room's state (docs/authoring.md)",
        { globals: names, revisionId },
      );
    this.channel = loadIsolateRunner(env, { revisionId, codeId, outbound, guardGlobals }, this.parts.channelNow, {
      watch: (inMs) => this.parts.wake.reserve(inMs),
      ...(guardGlobals ? { globalWrites } : {}),
    });
    this.channelWatched = false;
    return this.channel;
  }

  /** After an operation: an empty room calls no scenario code, and an open channel is watched. */
  private watchChannel(openCount: number) {
    if (openCount === 0) return this.channel?.close();
    if (!this.channelWatched && this.channel?.idleSince() != null) this.checkChannelIn(CHANNEL_IDLE_MS);
  }

  private checkChannelIn(delayMs: number) {
    this.channelWatched = true;
    this.parts.wake.reserve(delayMs);
  }

  private send(ws: WebSocket | null, frame: string) {
    if (ws && ws.readyState === WebSocket.OPEN) sendOpen(ws, frame);
  }

  private updateTickLoop(outcome: RoomOutcome, openCount: number) {
    const run = outcome.tickRate > 0 && outcome.started && !outcome.frozen && openCount > 0;
    if (run && !this.tickTimer) {
      this.tickTimer = setInterval(
        () => void withLog(roomLog(this.parts.env()), () => this.runTick()),
        1000 / outcome.tickRate,
      );
    } else if (!run && this.tickTimer) {
      clearInterval(this.tickTimer);
      this.tickTimer = null;
    }
  }

  /** One tick waits in the core at a time: behind a slow call, ticks are skipped, not piled up. */
  private async runTick() {
    const core = this.core;
    if (!core || this.tickWaiting) return;
    this.tickWaiting = true;
    try {
      const outcome = await this.guard(null, () => core.tick());
      if (outcome) this.deliver(null, outcome);
    } finally {
      this.tickWaiting = false;
    }
  }
}

function notInDev(): Response {
  return errorResponse(404, "not_found", "Room observers exist only in dev");
}

/** Sends to a socket found open at the start of a delivery (so without asking it again per frame). */
function sendOpen(ws: WebSocket, frame: string) {
  try {
    ws.send(frame);
  } catch {
    // the socket closed under us; its close event cleans up
  }
}
