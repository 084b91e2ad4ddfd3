import { DurableObject } from "cloudflare:workers";
import { configFor } from "../../src/config";
import { sandboxOutbound } from "../../src/egress/outbound";
import { parseClientFrame } from "../../src/engine/parse-frame";
import { PING_FRAME, PONG_FRAME } from "../../src/engine/protocol";
import { newSeed } from "../../src/engine/random";
import { RoomCore } from "../../src/room-core/room-core";
import { isSilent, latestHeartbeat } from "../../src/room-core/silent-drop";
import type { ConnectionInfo, RoomLogger, RoomOutcome } from "../../src/room-core/types";
import { CONNECT_HEADER, type ConnectParams } from "./connect-params";
import { loadIsolateRunner } from "./isolate-runner";
import { roomLogger } from "./room-log";
import { RoomStorage } from "./room-storage";
import { codeIdOf } from "./template-version";

/** The keep-alive and heartbeat wake, while at least one connection is open. */
const HEARTBEAT_MS = 60_000;
const CLOSE_SILENT = 4000;

/**
 * One authoritative room per (revisionId, roomId): a thin shell around src/room-core that owns
 * the WebSockets (hibernation API), the storage, the alarm and the tick loop.
 */
export class Room extends DurableObject<Env> {
  private core: RoomCore | null = null;
  private storage: RoomStorage | null = null;
  private alarmAt: number | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private alarmChanges: Promise<void> = Promise.resolve();
  private readonly log: RoomLogger;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.log = roomLogger(env);
    // Heartbeats are answered by the runtime and do not wake a hibernating room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  override async fetch(request: Request): Promise<Response> {
    const params = JSON.parse(request.headers.get(CONNECT_HEADER) ?? "null") as ConnectParams | null;
    if (!params || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(
        { error: "bad_request", message: "Rooms accept WebSocket connections only" },
        { status: 400 },
      );
    }
    const core = this.coreFor(params.revisionId);
    this.ensureCurrentCode(core, params.revisionId);
    const { 0: client, 1: server } = new WebSocketPair();
    const info: ConnectionInfo = {
      connectionId: crypto.randomUUID(),
      playerId: params.seatId,
      nickname: params.nickname,
      monitor: params.monitor,
      connectedAt: Date.now(),
    };
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(info);
    const outcome = await this.guard(server, () => core.connect(info, params.players));
    if (info.quietObserver) server.serializeAttachment(info);
    if (outcome) this.deliver(server, outcome);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const core = this.restoredCore();
    if (!core) return;
    const info = ws.deserializeAttachment() as ConnectionInfo;
    const outcome = await this.guard(ws, () => core.receive(info.connectionId, parseClientFrame(message)));
    this.keepAttachment(ws, core, info);
    if (outcome) this.deliver(ws, outcome);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
    await this.forget(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.forget(ws);
  }

  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const core = this.restoredCore();
    if (!core) return;
    this.storage?.flush();
    const now = Date.now();
    for (const ws of this.openSockets()) {
      const info = ws.deserializeAttachment() as ConnectionInfo;
      const autoReply = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime();
      if (!isSilent(info.connectedAt, latestHeartbeat(autoReply, info.lastHeartbeat), now)) continue;
      this.log("info", "silent connection dropped", { playerId: info.playerId, connectionId: info.connectionId });
      ws.close(CLOSE_SILENT, "no heartbeat for 60 s");
      this.deliver(null, await core.disconnect(info.connectionId));
    }
    this.deliver(null, await core.fireDeadlines());
  }

  /** Figures for tests and the benchmark. */
  async stats(): Promise<{
    connections: number;
    storageWrites: number;
    codeId: string | null;
    started: boolean;
    ticking: boolean;
  }> {
    return {
      connections: this.openSockets().length,
      storageWrites: this.storage?.writes ?? 0,
      codeId: this.core?.record.codeId ?? null,
      started: this.core?.started ?? false,
      ticking: this.tickTimer !== null,
    };
  }

  private async forget(ws: WebSocket) {
    const core = this.restoredCore(ws);
    if (!core) return;
    const info = ws.deserializeAttachment() as ConnectionInfo;
    const outcome = await this.guard(null, () => core.disconnect(info.connectionId));
    if (outcome) this.deliver(null, outcome);
  }

  /**
   * The core of this room, created on first use or rebuilt from storage after hibernation or an
   * eviction, with the connections that are still open (and `closing`, whose close is being handled).
   */
  private coreFor(revisionId: string, closing?: WebSocket): RoomCore {
    if (this.core) return this.core;
    const stored = RoomStorage.read(this.ctx.storage);
    const record = stored ?? RoomCore.newRecord(revisionId, codeIdOf(revisionId), newSeed());
    const core = new RoomCore({
      runner: this.runnerFor(record.revisionId, record.codeId),
      record,
      now: Date.now,
      log: this.log,
      liveConnections: this.liveConnections(closing),
    });
    this.storage = new RoomStorage(
      this.ctx.storage,
      () => core.recordForStorage(),
      (delayMs) => this.changeAlarm(() => this.alarmNoLaterThan(Date.now() + delayMs)),
    );
    this.core = core;
    // Stored from its first connection on, so that hibernation never leaves a room it cannot rebuild.
    if (!stored) this.storage.writeNow();
    return core;
  }

  /** After hibernation the core is rebuilt from storage; a room with no record has nothing to do. */
  private restoredCore(closing?: WebSocket): RoomCore | null {
    if (this.core) return this.core;
    const stored = RoomStorage.read(this.ctx.storage);
    return stored ? this.coreFor(stored.revisionId, closing) : null;
  }

  /**
   * The attachments of the open sockets. A socket whose close woke the room is no longer open but
   * still counts until its close is handled, so that the others hear its seat go offline.
   */
  private liveConnections(closing?: WebSocket): ConnectionInfo[] {
    const infos = this.openSockets().map((ws) => ws.deserializeAttachment() as ConnectionInfo);
    const last = closing?.deserializeAttachment() as ConnectionInfo | undefined;
    if (last && !infos.some((info) => info.connectionId === last.connectionId)) infos.push(last);
    return infos;
  }

  /** What the core learnt of a connection (a heartbeat it answered) goes to the attachment, which outlives hibernation. */
  private keepAttachment(ws: WebSocket, core: RoomCore, stored: ConnectionInfo) {
    const live = core.connection(stored.connectionId);
    if (live && live.lastHeartbeat !== stored.lastHeartbeat) ws.serializeAttachment(live);
  }

  /** A changed TEMPLATE_VERSION means new code for the room; its state stays. */
  private ensureCurrentCode(core: RoomCore, revisionId: string) {
    const current = codeIdOf(revisionId);
    if (core.record.codeId === current) return;
    this.log("info", "room code reloaded", { from: core.record.codeId, to: current });
    core.replaceRunner(this.runnerFor(revisionId, current), current);
    this.storage?.writeNow();
  }

  private runnerFor(revisionId: string, codeId: string) {
    const outbound = sandboxOutbound(configFor(this.env).egressAllowedHosts, (allowedHosts) =>
      this.ctx.exports.EgressGate({ props: { allowedHosts } }),
    );
    return loadIsolateRunner(this.env, revisionId, codeId, outbound);
  }

  /** Runs a core operation; a failure (broken logic.js, isolate error) is logged and told to the sender. */
  private async guard(ws: WebSocket | null, operation: () => Promise<RoomOutcome>): Promise<RoomOutcome | null> {
    try {
      return await operation();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log("error", "room operation failed", { error: message });
      this.send(
        ws,
        JSON.stringify({
          type: "__action_error",
          code: "room_error",
          error: "The room could not run this request",
          seq: null,
        }),
      );
      return null;
    }
  }

  private deliver(sender: WebSocket | null, outcome: RoomOutcome) {
    const sockets = this.openSockets();
    for (const frame of outcome.toSender) this.send(sender, frame);
    if (outcome.broadcast.length > 0 || outcome.toOthers.length > 0) {
      for (const ws of sockets) {
        for (const frame of outcome.broadcast) this.send(ws, frame);
        if (ws !== sender) for (const frame of outcome.toOthers) this.send(ws, frame);
      }
    }
    if (outcome.persist === "now") this.storage?.writeNow();
    else if (outcome.persist === "batched") this.storage?.writeSoon();
    this.updateTickLoop(outcome, sockets.length);
    // Most operations leave the alarm as it is: only queue a change when it may have to move.
    const due = Math.min(outcome.nextDeadline ?? Number.POSITIVE_INFINITY, Date.now() + HEARTBEAT_MS);
    if (sockets.length === 0 || this.alarmAt === null || this.alarmAt > due) {
      this.changeAlarm(() => this.updateAlarm(outcome.nextDeadline, sockets.length));
    }
  }

  private send(ws: WebSocket | null, frame: string) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    try {
      ws.send(frame);
    } catch {
      // the socket closed under us; its close event cleans up
    }
  }

  /** Only sockets in OPEN state count. */
  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private updateTickLoop(outcome: RoomOutcome, openCount: number) {
    const run = outcome.tickRate > 0 && outcome.started && !outcome.frozen && openCount > 0;
    if (run && !this.tickTimer) {
      this.tickTimer = setInterval(() => void this.runTick(), 1000 / outcome.tickRate);
    } else if (!run && this.tickTimer) {
      clearInterval(this.tickTimer);
      this.tickTimer = null;
    }
  }

  private async runTick() {
    const core = this.core;
    if (!core) return;
    const outcome = await this.guard(null, () => core.tick());
    if (outcome) this.deliver(null, outcome);
  }

  /** Alarm changes run one after another, each on what the one before it set. */
  private changeAlarm(change: () => Promise<void>) {
    this.alarmChanges = this.alarmChanges
      .then(change)
      .catch((error) => this.log("error", "alarm not changed", { error: String(error) }));
  }

  /**
   * One alarm: min(next deadline, heartbeat, pending state write), only ever moved earlier. None in
   * an empty room, whose waiting write is made at once instead.
   */
  private async updateAlarm(nextDeadline: number | null, openCount: number) {
    if (openCount === 0) {
      this.storage?.flush();
      if (this.alarmAt !== null || (await this.ctx.storage.getAlarm()) !== null) await this.ctx.storage.deleteAlarm();
      this.alarmAt = null;
      return;
    }
    await this.alarmNoLaterThan(Math.min(nextDeadline ?? Number.POSITIVE_INFINITY, Date.now() + HEARTBEAT_MS));
  }

  private async alarmNoLaterThan(at: number) {
    this.alarmAt ??= await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = Math.max(at, Date.now() + 1);
    await this.ctx.storage.setAlarm(this.alarmAt);
  }
}
