import type { ClientMessage } from "../engine/protocol";
import { OutcomeBuilder } from "./outcome";

export type ActionMessage = Extract<ClientMessage, { type: "__action" }>;

/** An __action frame waiting for its turn in the room's queue. */
export interface WaitingAction {
  /** Its place in the room's queue (RoomCore numbers every queued operation). */
  place: number;
  connectionId: string;
  message: ActionMessage;
  /** Set once it ran, as part of a batch: the frames it answers with. */
  out: OutcomeBuilder | null;
}

/**
 * The actions waiting in a room's queue. Frames keep arriving while the sandbox runs a call; when
 * an action gets its turn, it and the actions queued right behind it (no other operation in
 * between, so arrival order holds) run together in one call, and the others find their frames
 * ready when their own turn comes.
 */
export class ActionBacklog {
  private readonly waiting = new Map<number, WaitingAction>();

  add(place: number, connectionId: string, message: ActionMessage): WaitingAction {
    const entry: WaitingAction = { place, connectionId, message, out: null };
    this.waiting.set(place, entry);
    return entry;
  }

  /** The action at `place` and those right behind it, at most `max`, each given its outcome builder. */
  takeRun(place: number, max: number): WaitingAction[] {
    const run: WaitingAction[] = [];
    for (let at = place; run.length < max; at++) {
      const entry = this.waiting.get(at);
      if (!entry) break;
      this.waiting.delete(at);
      entry.out = new OutcomeBuilder();
      run.push(entry);
    }
    return run;
  }
}
