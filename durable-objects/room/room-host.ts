import { configFor } from "../../src/config";
import { newSeed } from "../../src/engine/random";
import { newRoomRecord, RoomCore } from "../../src/room-core/room-core";
import type { RoomLogger, RoomOutcome } from "../../src/room-core/types";
import { withLog } from "../../src/worker-kit/request-log";
import type { RoomAlarm } from "./room-alarm";
import { RoomDevTools } from "./room-dev-tools";
import { roomLog } from "./room-log";
import { RoomStorage } from "./room-storage";
import { SandboxChannel } from "./sandbox-channel";
import { readAttachment, type SocketAttachment } from "./socket-attachment";
import { codeIdOf } from "./template-version";
import { TickLoop } from "./tick-loop";

/** What the host reads from its Durable Object: read at each use, so a test may change them. */
export interface RoomHostParts {
  ctx: DurableObjectState;
  env: () => Env;
  /** The core's clock (game time, input rate, presence). */
  now: () => number;
  /** The clock of the channel into the sandbox: when its calls ran, how old it is. */
  channelNow: () => number;
  log: RoomLogger;
  wake: RoomAlarm;
  /**
   * When the runtime made this instance of the object (its constructor ran): after the runtime
   * hibernated or evicted the room, the next event finds a new instance (the benchmark's cost rows
   * read hibernation this way).
   */
  startedAt: number;
}

/**
 * The room core of one Durable Object and what it asks for: the core is made on first use or
 * rebuilt from storage after hibernation, each operation runs guarded, and each outcome is
 * delivered (frames to sockets, the record to storage, the one alarm, the tick loop, the sandbox
 * channel's watch). The socket hooks and the alarm hook hand their events to it.
 */
export class RoomHost {
  private readonly parts: RoomHostParts;
  private core: RoomCore | null = null;
  private storage: RoomStorage | null = null;
  readonly channel: SandboxChannel;
  private readonly ticks: TickLoop;
  readonly devTools: RoomDevTools;

  constructor(parts: RoomHostParts) {
    this.parts = parts;
    this.channel = new SandboxChannel(parts);
    this.ticks = new TickLoop(() => withLog(roomLog(parts.env()), () => this.runTick()));
    this.devTools = new RoomDevTools(parts.env);
  }

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
    const record = stored ?? newRoomRecord(revisionId, codeId, newSeed());
    const journal = this.devTools.journal;
    const core = new RoomCore({
      runner: this.channel.open(record.revisionId, record.codeId, requestId),
      record,
      now: this.parts.now,
      log: this.parts.log,
      liveConnections: this.liveConnections(closing),
      ...(journal ? { journal } : {}),
    });
    this.storage = new RoomStorage(ctx.storage, () => core.recordForStorage(), {
      reserve: (delayMs) => this.parts.wake.reserve("write", delayMs),
      release: () => this.parts.wake.release("write"),
    });
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
    core.replaceRunner(this.channel.open(revisionId, current, requestId), current);
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
      if (ws && ws.readyState === WebSocket.OPEN) sendOpen(ws, JSON.stringify(frame));
      return null;
    }
  }

  deliver(sender: WebSocket | null, outcome: RoomOutcome) {
    const sockets = this.openSockets();
    const senderOpen = sender !== null && sender.readyState === WebSocket.OPEN;
    if (senderOpen) for (const frame of outcome.toSender) sendOpen(sender, frame);
    if (outcome.broadcast.length > 0 || outcome.toOthers.length > 0) {
      for (const ws of sockets) {
        for (const frame of outcome.broadcast) sendOpen(ws, frame);
        if (ws !== sender) for (const frame of outcome.toOthers) sendOpen(ws, frame);
      }
    }
    if (outcome.persist === "now") this.storage?.writeNow();
    else if (outcome.persist === "batched") this.storage?.writeSoon();
    this.ticks.follow(outcome, sockets.length);
    this.channel.follow(sockets.length);
    this.parts.wake.follow(outcome.nextDeadline, sockets.length, () => this.storage?.flush());
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

  /** The connections' sockets in OPEN state (the channel into the sandbox is not one). */
  openSockets(): WebSocket[] {
    const dock = this.channel.dock;
    return this.parts.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN && !dock.holds(ws));
  }

  /** The dev-only observer's event stream (room-dev-tools.ts); 404 outside dev. */
  observe(): Response {
    return this.devTools.observe({ restored: () => this.restoredCore(), current: () => this.core });
  }

  /** Figures for tests and the benchmark. */
  stats() {
    const core = this.core?.stats();
    return {
      connections: this.openSockets().length,
      storageWrites: this.storage?.writes ?? 0,
      codeId: this.core?.record.codeId ?? null,
      started: core?.started ?? false,
      ticking: this.ticks.running,
      tickRate: core?.tickRate ?? 0,
      actionCalls: core?.actionCalls ?? 0,
      instanceStartedAt: this.parts.startedAt,
      alarmsFired: this.parts.wake.firings,
      ...this.channel.stats(),
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

  private async runTick() {
    const core = this.core;
    if (!core) return;
    const outcome = await this.guard(null, () => core.tick());
    if (outcome) this.deliver(null, outcome);
  }
}

/** Sends to a socket found open at the start of a delivery (so without asking it again per frame). */
function sendOpen(ws: WebSocket, frame: string) {
  try {
    ws.send(frame);
  } catch {
    // the socket closed under us; its close event cleans up
  }
}
