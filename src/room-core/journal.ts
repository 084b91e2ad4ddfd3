import type { GameEvent, PendingDeadline, Seat } from "../engine/types";
import type { RoomInput } from "./inputs";
import type { PresencePayload } from "./presence";

/**
 * The room's journal: every input the core ran (inputs.ts), at the instant it ran it, and every
 * operation that came of it, in the order it ran them, each with the room as it stood right after.
 * Dev tools read it (the `scenario dev` harness's inspector, action log and replays, through the
 * dev-only observer of durable-objects/room/dev-observer.ts); a core given no journal builds none
 * of it, so production pays nothing.
 */
export interface RoomJournal {
  /**
   * An input that can change the room, told as it starts to run, with the real time (the core's
   * clock) its whole operation runs at. Inputs that change nothing (a heartbeat, a request for the
   * state, a tick of a frozen room, a firing with nothing due) are not told.
   */
  input(input: RoomInput, at: number): void;
  /** What came of it. */
  note(entry: JournalEntry, view: RoomView): void;
}

/** What happened, at which game time. */
export type JournalEntry = JournalOperation & { gameTime: number };

export type JournalOperation =
  /** A connection was accepted; `observer` when it acts for no seat (spectator, monitor, quiet observer). */
  | { kind: "join"; seat: string; connectionId: string; monitor: boolean; observer: boolean }
  | { kind: "leave"; seat: string; connectionId: string }
  /** A seat's grace after its last connection left ran out: it is offline. */
  | { kind: "offline"; seat: string }
  /** setup() ran with the pinned roster: the game started. */
  | { kind: "start"; roster: Seat[]; seed: number }
  | { kind: "start_failed"; error: string }
  /**
   * An __action and what came of it: an ack with its events, or the error code the sender got.
   * `operator`: the inspector ran it as that seat (inspector-acts.ts).
   */
  | {
      kind: "action";
      seat: string;
      action: string;
      payload: unknown;
      seq: number | null;
      result: { ok: true; events: GameEvent[]; serverEvents: GameEvent[] } | { ok: false; code: string; error: string };
      operator?: true;
    }
  /** A frame refused before it reached the logic (malformed, over the queue limit). */
  | { kind: "refused"; seat: string; code: string; seq: number | null }
  /** A continuous __input the room kept as the seat's latest. */
  | { kind: "input"; seat: string; data: unknown }
  | { kind: "tick"; tick: number; ok: boolean; events: GameEvent[] }
  /** A deadline's handler ran (`operator`: the inspector fired it before it came due). */
  | {
      kind: "deadline";
      name: string;
      data: unknown;
      ok: boolean;
      events: GameEvent[];
      serverEvents: GameEvent[];
      operator?: true;
    }
  /** The inspector replaced the state (an operator's edit, checked as a returned state is). */
  | { kind: "edit"; operator: true }
  /** The game's onPresence ran for a seat that came online or went offline. */
  | { kind: "presence"; seat: string; online: boolean; ok: boolean; events: GameEvent[]; serverEvents: GameEvent[] }
  /** An emergency pause was requested or lifted. */
  | { kind: "pause"; paused: boolean; by: string };

/** The room as the inspector shows it. */
export interface RoomView {
  revisionId: string;
  codeId: string;
  started: boolean;
  seed: number;
  roster: Seat[] | null;
  tick: number;
  gameTime: number;
  frozen: boolean;
  paused: { by: string } | null;
  deadlines: Record<string, PendingDeadline>;
  presence: PresencePayload;
  state: unknown;
  /** The names the game's actions and server actions answer to; null until the room asked its code. */
  game: { actions: string[]; serverActions: string[] } | null;
}
