import { parseClientFrame } from "../../src/engine/parse-frame";
import type { Logger } from "../../src/log/logger";
import { CONNECT_HEADER, type ConnectParams } from "../../src/room-access/connect-params";
import { answerClose } from "../../src/worker-kit/close-handshake";
import { errorResponse } from "../../src/worker-kit/errors";
import { forwardedRequestId, withLog } from "../../src/worker-kit/request-log";
import type { RoomHost } from "./room-host";
import { roomLog } from "./room-log";
import { readAttachment, type SocketAttachment, updateAttachment, writeAttachment } from "./socket-attachment";

/**
 * The room's reasons to wake that come from its sockets: an upgrade (the rooms app's connect
 * request), a frame, a close, an error. Each runs with the logger of the request that opened the
 * socket and hands the event to the core through the host.
 */
export class RoomSockets {
  /** Each socket's logger (its upgrade's request id), made once rather than on every frame. */
  private readonly socketLogs = new WeakMap<WebSocket, Logger>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: () => Env,
    private readonly host: RoomHost,
  ) {}

  /** The rooms app's connect request: a WebSocket upgrade with the connection's params. */
  open(request: Request): Promise<Response> {
    const requestId = forwardedRequestId(request);
    return withLog(roomLog(this.env(), { requestId }), () => this.accept(request, requestId));
  }

  message(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // A socket the room is closing (a flood, an oversized frame, a silent drop) is read no further.
    if (ws.readyState !== WebSocket.OPEN) return Promise.resolve();
    // Awaited: the runtime hands the room a socket's next frame once this one is answered; frames
    // of other sockets that arrive while the sandbox runs a call queue up in the core and run
    // together in the next call (src/room-core/action-runs.ts).
    return this.withSocketLog(ws, async (attachment) => {
      const core = this.host.restoredCore();
      if (!core) return;
      const outcome = await this.host.guard(ws, () => core.receive(attachment.connectionId, parseClientFrame(message)));
      updateAttachment(ws, attachment, core.connection(attachment.connectionId));
      if (!outcome) return;
      this.host.deliver(ws, outcome);
      if (outcome.closeSender) await this.host.closeSocket(ws, outcome.closeSender);
    });
  }

  close(ws: WebSocket, code: number, reason: string): Promise<void> {
    answerClose(ws, code, reason);
    return this.withSocketLog(ws, () => this.forget(ws));
  }

  error(ws: WebSocket): Promise<void> {
    return this.withSocketLog(ws, () => this.forget(ws));
  }

  private async accept(request: Request, requestId: string | undefined): Promise<Response> {
    const params = JSON.parse(request.headers.get(CONNECT_HEADER) ?? "null") as ConnectParams | null;
    if (!params || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return errorResponse(400, "bad_request", "Rooms accept WebSocket connections only");
    }
    const codeId = await this.host.currentCodeId(params.revisionId);
    const core = this.host.coreFor(params.revisionId, codeId, requestId);
    this.host.ensureCurrentCode(core, params.revisionId, codeId, requestId);
    const { 0: client, 1: server } = new WebSocketPair();
    const attachment: SocketAttachment = {
      connectionId: crypto.randomUUID(),
      playerId: params.seatId,
      nickname: params.nickname,
      monitor: params.monitor,
      connectedAt: Date.now(),
      ...(params.clientId ? { clientId: params.clientId } : {}),
      ...(requestId ? { requestId } : {}),
    };
    this.ctx.acceptWebSocket(server);
    writeAttachment(server, attachment);
    const outcome = await this.host.guard(server, () => core.connect(attachment, params.players));
    // The core marks a connection whose roster differs from the pinned one as a quiet observer.
    if (attachment.quietObserver) writeAttachment(server, attachment);
    if (outcome) this.host.deliver(server, outcome);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Runs a socket hook with the room logger of the request that opened the socket. */
  private withSocketLog(ws: WebSocket, hook: (attachment: SocketAttachment) => Promise<void>): Promise<void> {
    const attachment = readAttachment(ws);
    let log = this.socketLogs.get(ws);
    if (!log) {
      log = roomLog(this.env(), { requestId: attachment.requestId });
      this.socketLogs.set(ws, log);
    }
    return withLog(log, () => hook(attachment));
  }

  private async forget(ws: WebSocket) {
    const core = this.host.restoredCore(ws);
    if (!core) return;
    const outcome = await this.host.guard(null, () => core.disconnect(readAttachment(ws).connectionId));
    if (outcome) this.host.deliver(null, outcome);
  }
}
