import type { Seat } from "../../src/engine/types";
import type { SessionEvents } from "./events";

/** A running game, the same object in solo and online mode. */
export interface GameSession {
  readonly mode: "solo" | "online";
  /** The seat this client plays (or watches, for observers). */
  readonly seatId: string;
  /** Seat kind from the host app (seatKind parameter: player, spectator, admin), or null when absent. */
  readonly seatKind: string | null;
  /** Current state: the room's, plus this client's pending predictions. */
  readonly state: any;
  readonly players: Seat[];
  /**
   * This client watches and does not play: a spectator or another connection without a seat of
   * the roster, or a monitor. The room refuses its actions and ignores its pause requests, so a
   * page offers it neither.
   */
  readonly watching: boolean;
  /** The page came from a lobby of the platform, which `backToLobby()` returns to. */
  readonly hasLobby: boolean;
  readonly started: boolean;
  /** The game clock stands still (emergency pause, or nobody present). */
  readonly frozen: boolean;
  /** In-game clock in ms, advanced locally between frames. Never compare it with Date.now(). */
  gameTime(): number;
  /** Sends an action (predicted at once with the game's `actions`); returns its seq. */
  act(action: string, payload?: Record<string, unknown>): number;
  /** Continuous input (`__input`): at most 20 per second leave the client, the latest value wins. */
  input(data: Record<string, unknown>): void;
  /** A seat's name for people: the roster's name for it, else the display name its connections brought (ticket or URL), else its id. */
  nameOf(seatId: string): string;
  /** Goes back to the lobby the page came from (the lobby closes the game); nothing when `hasLobby` is false. */
  backToLobby(): void;
  /** Emergency pause and resume for the whole room. */
  pause(): void;
  resume(): void;
  on<K extends keyof SessionEvents>(event: K, listener: (value: SessionEvents[K]) => void): () => void;
  /** Leaves the room (no reconnect). */
  close(): void;
}
