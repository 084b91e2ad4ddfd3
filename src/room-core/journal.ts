import type { GameEvent, PendingDeadline, Seat } from "../engine/types";
import type { PresencePayload } from "./presence";

/**
 * The room's journal: every operation the core ran, in the order it ran them, each with the room
 * as it stood right after. Dev tools read it (the `scenario dev` harness's inspector and action
 * log, through the dev-only observer of durable-objects/room/dev-observer.ts); a core given no
 * journal builds none of it, so production pays nothing.
 */
export type RoomJournal = (entry: JournalEntry, view: RoomView) => void;

/** What happened, at which game time. */
export type JournalEntry = JournalOperation & { gameTime: number };

export type JournalOperation =
  /** A connection was accepted; `observer` when it acts for no seat (spectator, monitor, quiet observer). */
  | { kind: "join"; seat: string; connectionId: string; monitor: boolean; observer: boolean }
  | { kind: "leave"; seat: string; connectionId: string }
  /** setup() ran with the pinned roster: the game started. */
  | { kind: "start"; roster: Seat[]; seed: number }
  | { kind: "start_failed"; error: string }
  /** An __action and what came of it: an ack with its events, or the error code the sender got. */
  | {
      kind: "action";
      seat: string;
      action: string;
      payload: unknown;
      seq: number | null;
      result: { ok: true; events: GameEvent[]; serverEvents: GameEvent[] } | { ok: false; code: string; error: string };
    }
  /** A frame refused before it reached the logic (malformed, over the queue limit). */
  | { kind: "refused"; seat: string; code: string; seq: number | null }
  /** A continuous __input the room kept as the seat's latest. */
  | { kind: "input"; seat: string; data: unknown }
  | { kind: "tick"; tick: number; ok: boolean; events: GameEvent[] }
  | { kind: "deadline"; name: string; data: unknown; ok: boolean; events: GameEvent[]; serverEvents: GameEvent[] }
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
}

/**
 * A room's ordered inputs, as the dev tools hand them out for a replay (the seed, the pinned
 * roster, the revision, then every operation that can change the state, at its game time). Built
 * from the journal (journal-book.ts); version 1. A replay feeds a new core the core's own inputs
 * (inputs.ts, RoomInput and applyInput): each logged input maps to one of them, with the clock
 * set so that the game time matches.
 *
 * `complete` is false when the journal began after the room had started (its opening operations
 * are unknown) or when the room ran more operations than the log keeps (only the first ones are
 * there): such a log cannot be replayed from the start.
 */
export interface RoomInputLog {
  format: "room-input-log";
  version: 1;
  revisionId: string;
  codeId: string;
  seed: number;
  roster: Seat[] | null;
  complete: boolean;
  inputs: LoggedInput[];
}

/** One operation of a RoomInputLog: everything the logic saw, nothing it produced. */
export type LoggedInput = { gameTime: number } & (
  | { kind: "join"; seat: string; connectionId: string; monitor: boolean }
  | { kind: "leave"; seat: string; connectionId: string }
  | { kind: "action"; seat: string; action: string; payload: unknown }
  | { kind: "input"; seat: string; data: unknown }
  | { kind: "tick"; tick: number }
  | { kind: "deadline"; name: string }
  | { kind: "pause"; paused: boolean; by: string }
);

/** The part of an entry a replay needs; null for what only reports (a start, a refused frame). */
export function inputOf(entry: JournalEntry): LoggedInput | null {
  const { gameTime } = entry;
  switch (entry.kind) {
    case "join":
      return { gameTime, kind: "join", seat: entry.seat, connectionId: entry.connectionId, monitor: entry.monitor };
    case "leave":
      return { gameTime, kind: "leave", seat: entry.seat, connectionId: entry.connectionId };
    case "action":
      return { gameTime, kind: "action", seat: entry.seat, action: entry.action, payload: entry.payload };
    case "input":
      return { gameTime, kind: "input", seat: entry.seat, data: entry.data };
    case "tick":
      return { gameTime, kind: "tick", tick: entry.tick };
    case "deadline":
      return { gameTime, kind: "deadline", name: entry.name };
    case "pause":
      return { gameTime, kind: "pause", paused: entry.paused, by: entry.by };
    default:
      return null;
  }
}
