import { exports } from "cloudflare:workers";
import { type Client, createClient } from "graphql-ws";
import { API } from "./payments";

export const GRAPHQL_URL = `${API}/graphql`;

interface CloseLike {
  code: number;
  reason: string;
  wasClean: boolean;
}

/**
 * The runtime's WebSocket to this Worker (`exports.default.fetch` with `Upgrade: websocket`),
 * shaped as graphql-ws's client constructs and drives one: `new (url, protocol)`, the `on*`
 * handlers, `readyState`, `send`, `close`.
 */
export class WorkerWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = WorkerWebSocket.CONNECTING;
  protocol = "";
  onopen: ((event: object) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: CloseLike) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private socket: WebSocket | null = null;

  constructor(url: string, protocols?: string | string[]) {
    this.open(url, [protocols ?? []].flat()).catch((error: unknown) => this.onerror?.(error));
  }

  private async open(url: string, protocols: string[]) {
    const response = await exports.default.fetch(url, {
      headers: {
        upgrade: "websocket",
        ...(protocols.length ? { "sec-websocket-protocol": protocols.join(", ") } : {}),
      },
    });
    const socket = response.webSocket;
    if (!socket) {
      this.readyState = WorkerWebSocket.CLOSED;
      this.onclose?.({ code: 1006, reason: `upgrade refused: ${response.status}`, wasClean: false });
      return;
    }
    this.socket = socket;
    this.protocol = response.headers.get("sec-websocket-protocol") ?? "";
    socket.addEventListener("message", (event) => this.onmessage?.({ data: event.data }));
    socket.addEventListener("close", (event) => {
      this.readyState = WorkerWebSocket.CLOSED;
      this.onclose?.({ code: event.code, reason: event.reason, wasClean: event.wasClean });
    });
    socket.accept();
    this.readyState = WorkerWebSocket.OPEN;
    this.onopen?.({});
  }

  send(data: string) {
    this.socket?.send(data);
  }

  close(code?: number, reason?: string) {
    this.readyState = WorkerWebSocket.CLOSING;
    try {
      this.socket?.close(code, reason);
    } catch {
      // closed already
    }
  }
}

/** A graphql-ws client of {API_URL}/graphql with this connection_init payload; it never retries. */
export function graphqlWsClient(connectionParams?: Record<string, unknown>): Client {
  return createClient({
    url: GRAPHQL_URL,
    webSocketImpl: WorkerWebSocket,
    connectionParams,
    retryAttempts: 0,
  });
}

export type Message = { type: string; id?: string; payload?: any };

/**
 * A raw `graphql-transport-ws` socket, for what the client library never sends (bad messages,
 * a second init, a reused id): every message received, the next of a type, and the close.
 */
export class RawGraphqlSocket {
  /** Every message received, in order. */
  readonly messages: Message[] = [];
  private readonly unclaimed: Message[] = [];
  private readonly waiters: { type: string; resolve: (message: Message) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    readonly socket: WebSocket,
    readonly protocol: string | null,
  ) {
    this.closed = new Promise((resolve) =>
      socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
    );
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data as string) as Message;
      this.messages.push(message);
      const waiter = this.waiters.find((w) => w.type === message.type);
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else {
        this.unclaimed.push(message);
      }
    });
    socket.accept();
  }

  static async open(
    protocol: string | null = "graphql-transport-ws",
    headers: Record<string, string> = {},
  ): Promise<RawGraphqlSocket> {
    const response = await exports.default.fetch(GRAPHQL_URL, {
      headers: { ...headers, upgrade: "websocket", ...(protocol ? { "sec-websocket-protocol": protocol } : {}) },
    });
    if (!response.webSocket) throw new Error(`no upgrade: ${response.status} ${await response.text()}`);
    return new RawGraphqlSocket(response.webSocket, response.headers.get("sec-websocket-protocol"));
  }

  /** The first message of `type` not yet awaited, waiting for it. */
  next(type: string): Promise<Message> {
    const seen = this.unclaimed.find((m) => m.type === type);
    if (seen) {
      this.unclaimed.splice(this.unclaimed.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => this.waiters.push({ type, resolve }));
  }

  send(message: unknown) {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }
}
