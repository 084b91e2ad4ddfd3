import { DurableObject } from "cloudflare:workers";
import { configFor } from "../../src/config";
import { sandboxOutbound } from "../../src/egress/outbound";
import { parseClientFrame } from "../../src/engine/parse-frame";
import { PING_FRAME, PONG_FRAME } from "../../src/engine/protocol";
import { newSeed } from "../../src/engine/random";
import type { Logger } from "../../src/log/logger";
import { CONNECT_HEADER, type ConnectParams } from "../../src/room-access/connect-params";
import { RoomCore } from "../../src/room-core/room-core";
import { isSilent, latestHeartbeat } from "../../src/room-core/silent-drop";
import type { RoomLogger, RoomOutcome } from "../../src/room-core/types";
import { errorResponse } from "../../src/worker-kit/errors";
import { currentLog, forwardedRequestId, withLog } from "../../src/worker-kit/request-log";
import { loadIsolateRunner } from "./isolate-runner";
import { type LobbySeats, lobbySeats, type SeatClaim } from "./lobby-seats";
import { RoomAlarm } from "./room-alarm";
import { roomLog, roomLogger } from "./room-log";
import { RoomStorage } from "./room-storage";
import { readAttachment, type SocketAttachment, updateAttachment, writeAttachment } from "./socket-attachment";
import { codeIdOf } from "./template-version";

const CLOSE_SILENT = 4000;

/**
 * One authoritative room per (revisionId, roomId): a thin shell around src/room-core. Each hook
 * runs with a room logger (the request id of the socket's upgrade), hands the event to the core
 * and delivers its outcome: frames to sockets, the record to storage (room-storage.ts), the one
 * alarm (room-alarm.ts) and the tick loop.
 */
export class Room extends DurableObject<Env> {
  private core: RoomCore | null = null;
  private storage: RoomStorage | null = null;
  private readonly wake: RoomAlarm;
  private readonly log: RoomLogger;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  /** Each socket's logger (its upgrade's request id), made once rather than on every frame. */
  private readonly socketLogs = new WeakMap<WebSocket, Logger>();
  /** The core's clock (game time, input rate, presence): tests move it instead of sleeping. */
  clock: () => number = () => Date.now();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.log = roomLogger(env);
    this.wake = new RoomAlarm(ctx.storage, () => currentLog());
    // Heartbeats are answered by the runtime and do not wake a hibernating room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  override fetch(request: Request): Promise<Response> {
    const requestId = forwardedRequestId(request);
    return withLog(roomLog(this.env, { requestId }), () => this.accept(request, requestId));
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Awaited: while the sandbox runs a call, the runtime keeps handing the room further frames,
    // which queue up in the core and run together in the next call (src/room-core/action-runs.ts).
    return this.withSocketLog(ws, async (attachment) => {
      const core = this.restoredCore();
      if (!core) return;
      const outcome = await this.guard(ws, () => core.receive(attachment.connectionId, parseClientFrame(message)));
      updateAttachment(ws, attachment, core.connection(attachment.connectionId));
      if (outcome) this.deliver(ws, outcome);
    });
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      // Completes the close handshake; 1005 and 1006 cannot be sent back.
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
    return this.withSocketLog(ws, () => this.forget(ws));
  }

  override webSocketError(ws: WebSocket): Promise<void> {
    return this.withSocketLog(ws, () => this.forget(ws));
  }

  override alarm(): Promise<void> {
    return withLog(roomLog(this.env), async () => {
      this.wake.fired();
      const core = this.restoredCore();
      if (!core) return;
      this.storage?.flush();
      await this.dropSilent(core);
      this.deliver(null, await core.fireDeadlines());
    });
  }

  /** Figures for tests and the benchmark. */
  async stats(): Promise<{
    connections: number;
    storageWrites: number;
    codeId: string | null;
    started: boolean;
    ticking: boolean;
    actionCalls: number;
  }> {
    return {
      connections: this.openSockets().length,
      storageWrites: this.storage?.writes ?? 0,
      codeId: this.core?.record.codeId ?? null,
      started: this.core?.started ?? false,
      ticking: this.tickTimer !== null,
      actionCalls: this.core?.actionCalls ?? 0,
    };
  }

  /** The lobby's seat holders (seat id to uid), after `claim` if given: the first claim of a seat wins. */
  async lobbySeats(claim?: SeatClaim): Promise<LobbySeats> {
    return lobbySeats(this.ctx.storage, claim);
  }

  private async accept(request: Request, requestId: string | undefined): Promise<Response> {
    const params = JSON.parse(request.headers.get(CONNECT_HEADER) ?? "null") as ConnectParams | null;
    if (!params || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return errorResponse(400, "bad_request", "Rooms accept WebSocket connections only");
    }
    const core = this.coreFor(params.revisionId, requestId);
    this.ensureCurrentCode(core, params.revisionId, requestId);
    const { 0: client, 1: server } = new WebSocketPair();
    const attachment: SocketAttachment = {
      connectionId: crypto.randomUUID(),
      playerId: params.seatId,
      nickname: params.nickname,
      monitor: params.monitor,
      connectedAt: Date.now(),
      ...(requestId ? { requestId } : {}),
    };
    this.ctx.acceptWebSocket(server);
    writeAttachment(server, attachment);
    const outcome = await this.guard(server, () => core.connect(attachment, params.players));
    // The core marks a connection whose roster differs from the pinned one as a quiet observer.
    if (attachment.quietObserver) writeAttachment(server, attachment);
    if (outcome) this.deliver(server, outcome);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Runs a socket hook with the room logger of the request that opened the socket. */
  private withSocketLog(ws: WebSocket, hook: (attachment: SocketAttachment) => Promise<void>): Promise<void> {
    const attachment = readAttachment(ws);
    let log = this.socketLogs.get(ws);
    if (!log) {
      log = roomLog(this.env, { requestId: attachment.requestId });
      this.socketLogs.set(ws, log);
    }
    return withLog(log, () => hook(attachment));
  }

  private async forget(ws: WebSocket) {
    const core = this.restoredCore(ws);
    if (!core) return;
    const outcome = await this.guard(null, () => core.disconnect(readAttachment(ws).connectionId));
    if (outcome) this.deliver(null, outcome);
  }

  /** Silent-drop check, at each alarm: the later of the runtime's heartbeat answer and the room's own. */
  private async dropSilent(core: RoomCore) {
    const now = Date.now();
    for (const ws of this.openSockets()) {
      const info = readAttachment(ws);
      const autoReply = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime();
      if (!isSilent(info.connectedAt, latestHeartbeat(autoReply, info.lastHeartbeat), now)) continue;
      this.log("info", "silent connection dropped", { playerId: info.playerId, connectionId: info.connectionId });
      ws.close(CLOSE_SILENT, "no heartbeat for 60 s");
      this.deliver(null, await core.disconnect(info.connectionId));
    }
  }

  /**
   * The core of this room, created on first use or rebuilt from storage after hibernation or an
   * eviction, with the connections that are still open (and `closing`, whose close is being handled).
   */
  private coreFor(revisionId: string, requestId?: string, closing?: WebSocket): RoomCore {
    if (this.core) return this.core;
    const stored = RoomStorage.read(this.ctx.storage);
    const record = stored ?? RoomCore.newRecord(revisionId, codeIdOf(revisionId), newSeed());
    const core = new RoomCore({
      runner: this.runnerFor(record.revisionId, record.codeId, requestId),
      record,
      now: () => this.clock(),
      log: this.log,
      liveConnections: this.liveConnections(closing),
    });
    this.storage = new RoomStorage(
      this.ctx.storage,
      () => core.recordForStorage(),
      (delayMs) => this.wake.reserve(delayMs),
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
    return stored ? this.coreFor(stored.revisionId, undefined, closing) : null;
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

  /** A changed TEMPLATE_VERSION means new code for the room; its state stays. */
  private ensureCurrentCode(core: RoomCore, revisionId: string, requestId?: string) {
    const current = codeIdOf(revisionId);
    if (core.record.codeId === current) return;
    this.log("info", "room code reloaded", { from: core.record.codeId, to: current });
    core.replaceRunner(this.runnerFor(revisionId, current, requestId), current);
    this.storage?.writeNow();
  }

  private runnerFor(revisionId: string, codeId: string, requestId?: string) {
    const outbound = sandboxOutbound(configFor(this.env).egressAllowedHosts, (allowedHosts) =>
      this.ctx.exports.EgressGate({ props: { allowedHosts, ...(requestId ? { requestId } : {}) } }),
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

  private deliver(sender: WebSocket | null, outcome: RoomOutcome) {
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
    this.wake.follow(outcome.nextDeadline, sockets.length, () => this.storage?.flush());
  }

  private send(ws: WebSocket | null, frame: string) {
    if (ws && ws.readyState === WebSocket.OPEN) sendOpen(ws, frame);
  }

  /** Only sockets in OPEN state count. */
  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private updateTickLoop(outcome: RoomOutcome, openCount: number) {
    const run = outcome.tickRate > 0 && outcome.started && !outcome.frozen && openCount > 0;
    if (run && !this.tickTimer) {
      this.tickTimer = setInterval(
        () => void withLog(roomLog(this.env), () => this.runTick()),
        1000 / outcome.tickRate,
      );
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
}

/** Sends to a socket found open at the start of a delivery (so without asking it again per frame). */
function sendOpen(ws: WebSocket, frame: string) {
  try {
    ws.send(frame);
  } catch {
    // the socket closed under us; its close event cleans up
  }
}
