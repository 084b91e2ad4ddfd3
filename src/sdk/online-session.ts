import type { GameDefinition, Seat } from "../engine/types";
import { Emitter } from "./emitter";
import type { SessionEvents } from "./events";
import { GameView } from "./game-view";
import { InputThrottle } from "./input-throttle";
import { type GameMode, socketUrl } from "./mode";
import { OnlineConnection, type SocketFactory } from "./online-connection";
import type { GameSession } from "./session";

type OnlineMode = Extract<GameMode, { kind: "online" }>;

/** A game against a room server over one WebSocket (the same protocol in production and dev). */
export class OnlineSession implements GameSession {
  readonly mode = "online";
  readonly seatId: string;
  readonly seatKind: string | null;
  private readonly emitter = new Emitter<SessionEvents>();
  private readonly view: GameView;
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
    this.seatId = mode.seatId;
    this.seatKind = mode.seatKind;
    this.view = new GameView(game, mode.seatId, this.emitter, now);
    this.inputs = new InputThrottle((data) => this.connection.send({ type: "__input", data }), now);
    this.connection = new OnlineConnection(
      socketUrl(mode),
      createSocket,
      {
        frame: (frame) => this.view.receive(frame),
        status: (status, attempt) => {
          // Actions sent on a lost socket may or may not have run; the __state of the next socket decides.
          if (status === "closed") this.view.dropPending();
          this.emitter.emit("connection", { status, attempt });
        },
      },
      random,
    );
    queueMicrotask(() => this.connection.open());
  }

  get state(): any {
    return this.view.state;
  }
  get players(): Seat[] {
    return this.view.players;
  }
  get started(): boolean {
    return this.view.started;
  }
  get frozen(): boolean {
    return this.view.frozen;
  }

  gameTime(): number {
    return this.view.gameTime();
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

  on<K extends keyof SessionEvents>(event: K, listener: (value: SessionEvents[K]) => void): () => void {
    return this.emitter.on(event, listener);
  }

  close(): void {
    this.inputs.cancel();
    this.connection.close();
  }
}
