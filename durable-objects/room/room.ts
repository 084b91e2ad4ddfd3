import { DurableObject } from "cloudflare:workers";
import type { RoomForOperator } from "../../src/app-ports/operator-rooms";
import { PING_FRAME, PONG_FRAME } from "../../src/engine/protocol";
import type { LobbyStatus } from "../../src/room-access/quick-play";
import { currentLog, withLog } from "../../src/worker-kit/request-log";
import { onAlarm } from "./alarm-hook";
import {
  type ClaimResult,
  claimLobbySeat,
  type LobbySeats,
  lobbySeatRefusal,
  lobbySeats,
  lobbyStatus,
  releaseLobbySeat,
  type SeatClaim,
  type SeatRelease,
} from "./lobby-seats";
import { closeByOperator, closedRoomRefusal, pauseByOperator, roomForOperator } from "./operator-controls";
import { RoomAlarm } from "./room-alarm";
import { RoomHost } from "./room-host";
import { roomLog, roomLogger } from "./room-log";
import { RoomSockets } from "./socket-hooks";

/**
 * One authoritative room per (revisionId, roomId): a thin shell around src/room-core, split by
 * reason to wake. The socket hooks (socket-hooks.ts) and the alarm (alarm-hook.ts, scheduled by
 * room-alarm.ts) hand their events to the host (room-host.ts), which runs them on the core and
 * delivers the outcome; the lobby's seat holders (lobby-seats.ts) live beside the room record.
 * The channel into the sandbox is a socket of the room too, handed to its dock (channel-dock.ts).
 */
export class Room extends DurableObject<Env> {
  /** The core's clock (game time, input rate, presence): tests move it instead of sleeping. */
  clock: () => number = () => Date.now();
  /** The clock of the channel into the sandbox (its calls, its lifetime): tests move it instead of sleeping. */
  channelClock: () => number = () => Date.now();
  private readonly wake: RoomAlarm;
  private readonly host: RoomHost;
  private readonly sockets: RoomSockets;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.wake = new RoomAlarm(ctx.storage, () => currentLog());
    const own = () => this.env;
    this.host = new RoomHost({
      ctx,
      env: own,
      now: () => this.clock(),
      channelNow: () => this.channelClock(),
      log: roomLogger(env),
      wake: this.wake,
      startedAt: Date.now(),
    });
    this.sockets = new RoomSockets(ctx, own, this.host);
    // Heartbeats are answered by the runtime and do not wake a hibernating room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  override async fetch(request: Request): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === "/dev/observe") return this.host.observe();
    if (pathname === "/dev/replay") return this.host.devTools.replay(searchParams.get("room") ?? "room");
    if (pathname === "/dev/inspect") return this.host.devTools.inspect(request, this.host);
    const channel = this.host.channel.dock.accept(request);
    if (channel) return channel;
    return (
      closedRoomRefusal(this.ctx.storage) ?? lobbySeatRefusal(this.ctx.storage, request) ?? this.sockets.open(request)
    );
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const dock = this.host.channel.dock;
    if (dock.holds(ws)) return dock.message(ws, message);
    return this.sockets.message(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    const dock = this.host.channel.dock;
    if (dock.holds(ws)) return dock.closed(ws, `code ${code}`);
    return this.sockets.close(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    const dock = this.host.channel.dock;
    if (dock.holds(ws)) return dock.closed(ws, "an error");
    return this.sockets.error(ws);
  }

  override alarm(): Promise<void> {
    return withLog(roomLog(this.env), () => onAlarm(this.ctx, this.host, this.wake));
  }

  /** Figures for tests and the benchmark. */
  async stats() {
    return this.host.stats();
  }

  /** The lobby's seat holders (seat id to uid). */
  async lobbySeats(): Promise<LobbySeats> {
    return lobbySeats(this.ctx.storage);
  }

  /** Takes a lobby seat for a user (the first claim of a seat wins; one seat per user). */
  async claimLobbySeat(claim: SeatClaim): Promise<ClaimResult> {
    return claimLobbySeat(this.ctx.storage, claim);
  }

  /** Gives back a seat its holder's socket never took (quick play's lease ran out). */
  async releaseLobbySeat(release: SeatRelease): Promise<boolean> {
    return releaseLobbySeat(this.ctx.storage, release);
  }

  /** What quick play (durable-objects/quick-play) reads of a lobby room. */
  async lobbyStatus(): Promise<LobbyStatus> {
    return lobbyStatus(this.ctx.storage, this.host.openSockets());
  }

  /** The room as the operator console shows it (operator-controls.ts); null when it has no record. */
  async operatorView(): Promise<RoomForOperator | null> {
    return withLog(roomLog(this.env), async () => roomForOperator(this.host));
  }

  /** An operator holds (true) or lifts (false) the room's pause. */
  async operatorPause(paused: boolean): Promise<RoomForOperator | null> {
    return withLog(roomLog(this.env), () => pauseByOperator(this.host, paused));
  }

  /** An operator closes the room with a message to its seats. */
  async operatorClose(message: string): Promise<RoomForOperator | null> {
    return withLog(roomLog(this.env), () => closeByOperator(this.host, message));
  }
}
