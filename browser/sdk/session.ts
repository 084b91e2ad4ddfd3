import type {
  ActionName,
  ActionsOf,
  GameDefinition,
  InputOf,
  PayloadArgs,
  Seat,
  StateOf,
} from "../../src/engine/types";
import type { SessionEvents } from "./events";

/**
 * A running game, the same object in solo and online mode. `GameSession<typeof game>` (what
 * startGame gives for a game made with defineGame) types its state, the actions and payloads it
 * sends, its input and its events as the game declares them.
 */
export interface GameSession<G extends GameDefinition = GameDefinition> {
  readonly mode: "solo" | "online";
  /** The seat this client plays (or watches, for observers). */
  readonly seatId: string;
  /** Seat kind from the host app (seatKind parameter: player, spectator, admin), or null when absent. */
  readonly seatKind: string | null;
  /** Current state: the room's, plus this client's pending predictions; null before the game starts. */
  readonly state: StateOf<G> | null;
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
  act<K extends ActionName<G>>(action: K, ...payload: PayloadArgs<ActionsOf<G>[K]>): number;
  /** Continuous input (`__input`): at most 20 per second leave the client, the latest value wins. */
  input(data: InputOf<G>): void;
  /** A seat's name for people: the roster's name for it, else the display name its connections brought (ticket or URL), else its id. */
  nameOf(seatId: string): string;
  /** Goes back to the lobby the page came from (the lobby closes the game); nothing when `hasLobby` is false. */
  backToLobby(): void;
  /** Emergency pause and resume for the whole room. */
  pause(): void;
  resume(): void;
  on<K extends keyof SessionEvents<G>>(event: K, listener: (value: SessionEvents<G>[K]) => void): () => void;
  /** Leaves the room (no reconnect). */
  close(): void;
}
