import type { SocketLike } from "../../../browser/sdk/online-connection";

type Listener = (event: any) => void;

/** A scripted stand-in for the browser WebSocket: the test plays the room server. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(data);
  }

  close() {
    this.readyState = 3;
  }

  /** Messages the client sent, parsed. */
  get messages(): any[] {
    return this.sent.map((data) => JSON.parse(data));
  }

  accept() {
    this.readyState = 1;
    this.fire("open", {});
  }

  serverSends(frame: Record<string, unknown>) {
    this.fire("message", { data: JSON.stringify(frame) });
  }

  drop(code = 1006) {
    this.readyState = 3;
    this.fire("close", { code });
  }

  private fire(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export function socketFactory() {
  const sockets: FakeSocket[] = [];
  const create = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  return { sockets, create, latest: () => sockets[sockets.length - 1] as FakeSocket };
}
