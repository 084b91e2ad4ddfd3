import { FrameBudget, type FrameVerdict } from "./frame-budget";

/**
 * Flood guard: a connection may have this many frames waiting in the room's queue. Beyond it,
 * frames are refused at once (actions with __action_error), so a flood can neither grow the queue
 * without bound nor starve the other connections; a normal client never has more than a few.
 */
export const MAX_PENDING_PER_CONNECTION = 32;

/**
 * What a frame must pass before it is queued: its seat's frame budget (frame-budget.ts) and its
 * connection's count of waiting frames. Budgets are kept per seat, so a reconnect does not start
 * a flood afresh.
 */
export class FrameAdmission {
  private readonly pending = new Map<string, number>();
  private readonly budgets = new Map<string, FrameBudget>();
  /** The seat (player id) of a live connection; undefined once it is gone. */
  private readonly seatOf: (connectionId: string) => string | undefined;

  constructor(seatOf: (connectionId: string) => string | undefined) {
    this.seatOf = seatOf;
  }

  /**
   * Counts one frame of the connection against its seat's budget. An unknown connection (gone
   * meanwhile) has no budget: its frame finds no connection on its turn and does nothing.
   */
  take(connectionId: string, now: number): FrameVerdict {
    const seat = this.seatOf(connectionId);
    if (seat === undefined) return "accept";
    let budget = this.budgets.get(seat);
    if (!budget) {
      budget = new FrameBudget(now);
      this.budgets.set(seat, budget);
    }
    return budget.take(now);
  }

  /** Counts a frame into the room's queue; false when the connection already has too many waiting. */
  reserve(connectionId: string): boolean {
    const waiting = this.pending.get(connectionId) ?? 0;
    if (waiting >= MAX_PENDING_PER_CONNECTION) return false;
    this.pending.set(connectionId, waiting + 1);
    return true;
  }

  /** The frame's turn is over. */
  release(connectionId: string): void {
    const left = (this.pending.get(connectionId) ?? 1) - 1;
    if (left > 0) this.pending.set(connectionId, left);
    else this.pending.delete(connectionId);
  }

  /**
   * After a connection left: a budget is kept while it remembers something, or while its seat is
   * still connected (a seat that flooded and reconnects gets no fresh burst).
   */
  forgetSettled(now: number, seated: ReadonlySet<string>): void {
    for (const [seat, budget] of this.budgets) if (budget.settled(now) && !seated.has(seat)) this.budgets.delete(seat);
  }
}
