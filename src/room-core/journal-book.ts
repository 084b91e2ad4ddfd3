import type { GameEvent } from "../engine/types";
import type { JournalEntry, RoomView } from "./journal";

/** A run of ticks in a row of the log, from `tick` to `lastTick`; at most MAX_RUN_EVENTS events kept. */
export interface TickRun {
  kind: "ticks";
  gameTime: number;
  tick: number;
  lastTick: number;
  count: number;
  failed: number;
  events: GameEvent[];
}

/** A run of one seat's continuous inputs; `data` is the latest. */
export interface InputRun {
  kind: "inputs";
  gameTime: number;
  seat: string;
  count: number;
  data: unknown;
}

/** One row of the action log: an operation (or a run of ticks or inputs) and the room right after it. */
export interface LogRow {
  index: number;
  entry: Exclude<JournalEntry, { kind: "tick" } | { kind: "input" }> | TickRun | InputRun;
  view: RoomView;
}

export const MAX_LOG_ROWS = 300;
const MAX_RUN_EVENTS = 50;

/**
 * The rows of a room's action log, kept from its journal: ticks and one seat's inputs folded into
 * runs, the oldest rows dropped past MAX_LOG_ROWS. (Its replay is kept by replay-recorder.ts.)
 */
export class JournalBook {
  private readonly rows: LogRow[] = [];
  private nextIndex = 0;
  private last: RoomView | null = null;

  /** Keeps an entry; returns the row it made or grew (a run keeps its index). */
  note(entry: JournalEntry, view: RoomView): LogRow {
    this.last = view;
    const folded = this.fold(entry, view);
    if (folded) return folded;
    const row: LogRow = { index: this.nextIndex++, entry: rowEntryOf(entry), view };
    this.rows.push(row);
    if (this.rows.length > MAX_LOG_ROWS) this.rows.shift();
    return row;
  }

  /** The rows kept, oldest first, and how many older ones were dropped. */
  log(): { rows: LogRow[]; dropped: number } {
    return { rows: [...this.rows], dropped: this.nextIndex - this.rows.length };
  }

  /** The room as of the latest entry; null before the first. */
  latest(): RoomView | null {
    return this.last;
  }

  private fold(entry: JournalEntry, view: RoomView): LogRow | null {
    const row = this.rows.at(-1);
    if (!row || row.index !== this.nextIndex - 1) return null;
    const run = row.entry;
    if (entry.kind === "tick" && run.kind === "ticks") {
      run.lastTick = entry.tick;
      run.count++;
      if (!entry.ok) run.failed++;
      run.events.push(...entry.events.slice(0, MAX_RUN_EVENTS - run.events.length));
    } else if (entry.kind === "input" && run.kind === "inputs" && run.seat === entry.seat) {
      run.count++;
      run.data = entry.data;
    } else return null;
    row.view = view;
    return row;
  }
}

function rowEntryOf(entry: JournalEntry): LogRow["entry"] {
  if (entry.kind === "tick") {
    const { gameTime, tick, ok, events } = entry;
    return {
      kind: "ticks",
      gameTime,
      tick,
      lastTick: tick,
      count: 1,
      failed: ok ? 0 : 1,
      events: events.slice(0, MAX_RUN_EVENTS),
    };
  }
  if (entry.kind === "input")
    return { kind: "inputs", gameTime: entry.gameTime, seat: entry.seat, count: 1, data: entry.data };
  return entry;
}
