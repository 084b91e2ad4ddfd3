import type { GameDefinition } from "../../src/engine/types";
import { InputThrottle } from "./input-throttle";
import { type GameMode, newClientId, socketUrl } from "./mode";
import { OnlineConnection, type SocketFactory } from "./online-connection";
import { ViewSession } from "./view-session";

type OnlineMode = Extract<GameMode, { kind: "online" }>;

/** A game against a room server over one WebSocket (the same protocol in production and dev). */
export class OnlineSession extends ViewSession {
  readonly mode = "online";
  private readonly connection: OnlineConnection;
  private readonly inputs: InputThrottle;
  private seq = 0;

  constructor(
    mode: OnlineMode,
    game: GameDefinition | null,
    createSocket: SocketFactory,
    now: () => number,
    random?: () => number,
  ) {
    super(game, mode.seatId, mode.seatKind, now);
    this.inputs = new InputThrottle((data) => this.connection.send({ type: "__input", data }), now);
    this.connection = new OnlineConnection(
      socketUrl(mode, newClientId()),
      createSocket,
      {
        frame: (frame) => this.view.receive(frame),
        status: (status, attempt) => {
          // Actions sent on a lost socket may or may not have run (or have been lost with a restart of
          // the room): the __state of the next socket says which, and the others are reported lost.
          if (status === "closed") this.view.dropPending();
          this.emitter.emit("connection", { status, attempt });
        },
      },
      random,
    );
    queueMicrotask(() => this.connection.open());
  }

  act(action: string, payload: Record<string, unknown> = {}): number {
    const seq = ++this.seq;
    if (!this.connection.send({ type: "__action", action, payload, seq })) {
      this.emitter.emit("actionError", { code: "offline", error: "Not connected to the room", seq, action });
      return seq;
    }
    this.view.predict(seq, action, payload);
    return seq;
  }

  input(data: Record<string, unknown>): void {
    this.inputs.push(data);
  }

  pause(): void {
    this.connection.send({ type: "__platform", message: { type: "pause.request" } });
  }

  resume(): void {
    this.connection.send({ type: "__platform", message: { type: "pause.resume" } });
  }

  close(): void {
    this.inputs.cancel();
    this.connection.close();
  }
}
