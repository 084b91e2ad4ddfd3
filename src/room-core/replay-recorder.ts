import { stateToJson } from "../engine/state";
import type { RoomInput } from "./inputs";
import type { JournalEntry, RoomJournal, RoomView } from "./journal";
import { MAX_REPLAY_STEPS, REPLAY_FORMAT, REPLAY_VERSION, type Replay, type ReplayStep } from "./replay";

/** The states a replay keeps, as JSON, add up to at most this; later steps are left out (`truncated`). */
export const MAX_REPLAY_STATE_CHARS = 32 * 1024 * 1024;

/**
 * Builds a room's replay (replay.ts) from its journal: each input the core ran, at its time, and
 * what came of it (an action's ack or error code, the state after it when it changed). Bounded: at
 * most MAX_REPLAY_STEPS steps and MAX_REPLAY_STATE_CHARS of state, the first ones kept.
 */
export class ReplayRecorder implements RoomJournal {
  private readonly steps: ReplayStep[] = [];
  /** The step whose outcome is still coming in. */
  private open: ReplayStep | null = null;
  private origin: number | null = null;
  private truncated = false;
  private late = false;
  private stateChars = 0;
  private lastStateJson = "null";
  private room: RoomView | null = null;

  input(input: RoomInput, at: number): void {
    this.settle();
    if (this.truncated || this.steps.length >= MAX_REPLAY_STEPS || this.stateChars > MAX_REPLAY_STATE_CHARS) {
      this.truncated = true;
      return;
    }
    this.origin ??= at;
    this.open = { at: at - this.origin, input };
    this.steps.push(this.open);
  }

  note(entry: JournalEntry, view: RoomView): void {
    this.room = view;
    const step = this.open;
    const kind = step?.input.kind;
    if (entry.kind !== "action" || !step || (kind !== "frame" && kind !== "inspector") || step.result) return;
    step.result = entry.result.ok ? { ok: true, events: entry.result.events } : { ok: false, code: entry.result.code };
  }

  /** The journal began after the room had run: its opening is unknown, so it cannot be replayed. */
  joinedLate(): void {
    this.late = true;
  }

  get replayable(): boolean {
    return !this.late;
  }

  /** The replay so far; null before the room ran anything. */
  replay(): Replay | null {
    const room = this.room;
    if (!room || this.steps.length === 0) return null;
    const steps = [...this.steps];
    // The open step (the last) as it stands: its operation may still be running, so it stays open.
    const open = this.open;
    const json = open ? this.changedStateJson() : null;
    if (open && json !== null) steps[steps.length - 1] = { ...open, state: room.state };
    const { revisionId, codeId, seed, roster } = room;
    const header = { format: REPLAY_FORMAT, version: REPLAY_VERSION, revisionId, codeId, seed, roster } as const;
    return { ...header, truncated: this.truncated, steps };
  }

  /** The open step gets the state it left, if it changed it. */
  private settle() {
    const step = this.open;
    this.open = null;
    const json = step ? this.changedStateJson() : null;
    if (!step || json === null) return;
    this.lastStateJson = json;
    this.stateChars += json.length;
    step.state = this.room?.state ?? null;
  }

  /** The room's state as JSON if it differs from the last one kept; null when it does not. */
  private changedStateJson(): string | null {
    if (!this.room) return null;
    const json = stateToJson(this.room.state ?? null);
    return json === this.lastStateJson ? null : json;
  }
}
