import { CLOSE_CODES, PING_FRAME } from "../../src/engine/protocol";
import type { ServerFrame } from "./events";

/** Document 3: the SDK sends the heartbeat every 25 s; the room drops a connection silent for 60 s. */
export const HEARTBEAT_MS = 25_000;
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;

/** The part of the browser's WebSocket the SDK uses (tests pass a scripted fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "close" | "error" | "message", listener: (event: any) => void): void;
}
export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

/** Delay before reconnect attempt `attempt` (1, 2, ...): exponential backoff with full-range jitter in [50%, 100%]. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** (attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export type ConnectionStatus = "connecting" | "open" | "closed" | "expired" | "ended";

export interface ConnectionHandlers {
  frame(frame: ServerFrame): void;
  /**
   * `reason`: with "expired", why no fresh ticket came (the renewal's error); with "ended", the
   * message of the operator who closed the room.
   */
  status(status: ConnectionStatus, attempt: number, reason?: string): void;
}

/**
 * The URL of the next socket: at once, or once something is fetched first (a fresh seat ticket).
 * A rejected promise ends the connection with status "expired".
 */
export type SocketUrl = () => string | Promise<string>;

/**
 * One WebSocket to the room at a time: heartbeat every 25 s while open, and after a drop a new
 * socket after a backoff with jitter, until close() is called, or an operator closed the room
 * (close code 4001, after a `room.closed` message): then "ended", and no new socket.
 */
export class OnlineConnection {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private closedByUser = false;
  /** The message of the room's `room.closed` platform message, once one came. */
  private roomClosed: string | null = null;

  private readonly url: SocketUrl;
  private readonly createSocket: SocketFactory;
  private readonly handlers: ConnectionHandlers;
  private readonly random: () => number;

  constructor(
    url: SocketUrl,
    createSocket: SocketFactory,
    handlers: ConnectionHandlers,
    random: () => number = Math.random,
  ) {
    this.url = url;
    this.createSocket = createSocket;
    this.handlers = handlers;
    this.random = random;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  open(): void {
    this.handlers.status("connecting", this.attempt);
    const url = this.url();
    if (typeof url === "string") {
      this.connect(url);
      return;
    }
    url.then(
      (ready) => {
        if (!this.closedByUser) this.connect(ready);
      },
      (error: unknown) => {
        if (this.closedByUser) return;
        this.closedByUser = true;
        this.handlers.status("expired", this.attempt, error instanceof Error ? error.message : String(error));
      },
    );
  }

  private connect(url: string): void {
    const socket = this.createSocket(url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.heartbeat = setInterval(() => this.sendRaw(PING_FRAME), HEARTBEAT_MS);
      this.handlers.status("open", 0);
    });
    socket.addEventListener("message", (event: { data: unknown }) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!frame || typeof frame.type !== "string") return;
      if (frame.type === "__platform" && frame.message?.type === "room.closed") {
        this.roomClosed = String(frame.message.payload?.message ?? "");
      }
      this.handlers.frame(frame);
    });
    const dropped = (event?: { code?: number }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (event?.code === CLOSE_CODES.roomClosed) {
        // An operator closed the room: it takes no connection again.
        this.closedByUser = true;
        this.handlers.status("ended", this.attempt, this.roomClosed || "The room was closed.");
        return;
      }
      this.handlers.status("closed", this.attempt);
      if (!this.closedByUser) this.scheduleReconnect();
    };
    socket.addEventListener("close", dropped);
    socket.addEventListener("error", dropped);
  }

  /** Sends a client message; false when no socket is open. */
  send(message: unknown): boolean {
    return this.sendRaw(JSON.stringify(message));
  }

  close(): void {
    this.closedByUser = true;
    if (this.retry) clearTimeout(this.retry);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "closed by the game");
    this.handlers.status("closed", 0);
  }

  private sendRaw(data: string): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(data);
    return true;
  }

  private scheduleReconnect() {
    this.attempt++;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (!this.closedByUser) this.open();
      },
      reconnectDelay(this.attempt, this.random),
    );
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
