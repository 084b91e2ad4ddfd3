import type { GameDefinition, Seat } from "../../src/engine/types";
import { Emitter } from "./emitter";
import type { SessionEvents } from "./events";
import { GameView } from "./game-view";
import type { GameSession } from "./session";

/** What solo and online sessions share: the game view they show and the events they emit. */
export abstract class ViewSession implements GameSession {
  abstract readonly mode: "solo" | "online";
  readonly seatId: string;
  readonly seatKind: string | null;
  protected readonly emitter = new Emitter<SessionEvents>();
  protected readonly view: GameView;
  /** Connected as a monitor (monitor=1): watches, its pause requests are ignored. */
  protected readonly monitor: boolean;
  private readonly toLobby: (() => void) | null;

  constructor(
    game: GameDefinition | null,
    seat: { seatId: string; seatKind: string | null; monitor?: boolean; toLobby?: (() => void) | null },
    now: () => number,
  ) {
    this.seatId = seat.seatId;
    this.seatKind = seat.seatKind;
    this.monitor = seat.monitor ?? false;
    this.toLobby = seat.toLobby ?? null;
    this.view = new GameView(game, seat.seatId, this.emitter, now);
  }

  get watching(): boolean {
    return this.monitor || this.view.observer;
  }
  get hasLobby(): boolean {
    return this.toLobby !== null;
  }

  nameOf(seatId: string): string {
    return this.view.nameOf(seatId);
  }

  backToLobby(): void {
    this.toLobby?.();
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

  on<K extends keyof SessionEvents>(event: K, listener: (value: SessionEvents[K]) => void): () => void {
    return this.emitter.on(event, listener);
  }

  abstract act(action: string, payload?: Record<string, unknown>): number;
  abstract input(data: Record<string, unknown>): void;
  abstract pause(): void;
  abstract resume(): void;
  abstract close(): void;
}
