import type {
  ActionName,
  ActionsOf,
  EventOf,
  GameDefinition,
  PresenceChange,
  Seat,
  SentPayload,
  StateOf,
} from "../../src/engine/types";
import type { PresencePayload } from "../../src/room-core/presence";

export type StateReason = "start" | "sync" | "predicted" | "action" | "tick" | "deadline" | "presence" | "rollback";

/** What a game page can listen to with `session.on(name, listener)`, typed by the game (`SessionEvents<typeof game>`). */
export interface SessionEvents<G extends GameDefinition = GameDefinition> extends Record<string, unknown> {
  /** The state shown to the player changed (server state plus this client's pending predictions). */
  state: { state: StateOf<G> | null; reason: StateReason };
  /** The game started (setup ran): the roster is known. */
  start: { state: StateOf<G>; players: Seat[] };
  /** Events of one operation, delivered together with its state. */
  events: {
    events: EventOf<G>[];
    serverEvents: EventOf<G>[];
    action?: ActionName<G>;
    deadline?: string;
    /** The seat whose presence change onPresence answered with these events. */
    presence?: PresenceChange;
    by?: string | null;
  };
  /** The room refused one of this client's actions; its prediction was rolled back. */
  actionError: { code: string; error: string; seq: number | null; action?: ActionName<G> };
  /**
   * After a dropped connection (a network loss, the room's server restarting), one of this
   * client's actions is not in the room's state: it never ran, or it ran within the last write
   * window (at most 500 ms) before a restart and was lost with it. It will not run later; send it
   * again if it still makes sense. An action the room holds is never reported, and none runs twice.
   */
  actionLost: {
    [K in ActionName<G>]: { seq: number; action: K; payload: SentPayload<ActionsOf<G>[K]> };
  }[ActionName<G>];
  /** The game clock stopped or started again (emergency pause, or nobody present). */
  pause: { frozen: boolean; by: string | null; gameTime: number };
  /** Who is online (document 3 presence payload). */
  presence: PresencePayload;
  /**
   * The connection to the room (online mode); solo mode is always "open". "expired": the seat
   * ticket ran out and its issuer gave no fresh one, so the SDK stopped reconnecting (the page
   * should say so: open the game from its lobby or app again). `reason`, with "expired": why
   * no fresh ticket came (the issuer's error, or a lobby link that is not this game's lobby).
   * "ended": an operator closed the room, which takes no connection again; `reason` is their
   * message to the seats (the page should show it).
   */
  connection: { status: "connecting" | "open" | "closed" | "expired" | "ended"; attempt: number; reason?: string };
}

/** Server-to-client frames as the SDK reads them (the exact shapes are in src/room-core/frames.ts). */
export type ServerFrame = { type: string; [field: string]: any };
