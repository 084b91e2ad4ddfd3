import type { Seat } from "../engine/types";
import { FrameBudget, type FrameVerdict } from "./frame-budget";
import { LogThrottle } from "./log-throttle";
import { computePresence, onlineSeats, type PresencePayload, seatOf, type VoiceReport } from "./presence";
import { RateWindow } from "./rate-window";
import type { ConnectionInfo } from "./types";

export const INPUT_RATE_PER_SECOND = 20;
/**
 * Flood guard: a connection may have this many frames waiting in the room's queue. Beyond it,
 * frames are refused at once (actions with __action_error), so a flood can neither grow the queue
 * without bound nor starve the other connections; a normal client never has more than a few.
 */
export const MAX_PENDING_PER_CONNECTION = 32;

/** The room's live connections and what it keeps of each in memory only. */
export class RoomConnections {
  private readonly byId = new Map<string, ConnectionInfo>();
  private readonly inputs: Record<string, unknown> = {};
  private readonly voice = new Map<string, VoiceReport>();
  private readonly inputWindows = new Map<string, RateWindow>();
  private readonly pendingFrames = new Map<string, number>();
  /** Frame budgets per seat (player id), so that a reconnect does not start a flood afresh. */
  private readonly budgets = new Map<string, FrameBudget>();
  private readonly logThrottle = new LogThrottle();

  get size(): number {
    return this.byId.size;
  }

  get(connectionId: string): ConnectionInfo | undefined {
    return this.byId.get(connectionId);
  }

  add(info: ConnectionInfo): void {
    this.byId.set(info.connectionId, info);
  }

  remove(connectionId: string, now: number): ConnectionInfo | undefined {
    const info = this.byId.get(connectionId);
    this.byId.delete(connectionId);
    this.voice.delete(connectionId);
    this.inputWindows.delete(connectionId);
    this.logThrottle.forget(connectionId);
    this.forgetSettledBudgets(now);
    return info;
  }

  /**
   * Counts one frame of the connection against its seat's budget (frame-budget.ts), before it is
   * queued. An unknown connection (gone meanwhile) has no budget: its frame finds no connection on
   * its turn and does nothing, as before.
   */
  takeFrame(connectionId: string, now: number): FrameVerdict {
    const connection = this.byId.get(connectionId);
    if (!connection) return "accept";
    let budget = this.budgets.get(connection.playerId);
    if (!budget) {
      budget = new FrameBudget(now);
      this.budgets.set(connection.playerId, budget);
    }
    return budget.take(now);
  }

  /** Somebody is present: a connection that is not a monitor. */
  anyonePresent(): boolean {
    for (const connection of this.byId.values()) if (!connection.monitor) return true;
    return false;
  }

  /**
   * Keeps the latest input of a seated connection, at most INPUT_RATE_PER_SECOND per connection;
   * false when this one was over the rate and dropped (never queued).
   */
  acceptInput(connection: ConnectionInfo, data: unknown, roster: readonly Seat[] | null, now: number): boolean {
    let window = this.inputWindows.get(connection.connectionId);
    if (!window) {
      window = new RateWindow(INPUT_RATE_PER_SECOND);
      this.inputWindows.set(connection.connectionId, window);
    }
    if (!window.tryAccept(now)) return false;
    const seat = seatOf(connection, roster);
    if (seat) this.inputs[seat.id] = data;
    return true;
  }

  /** Whether a log line of this kind about this connection may be written now (see LogThrottle). */
  admitLog(connectionId: string, kind: string, now: number): number | null {
    return this.logThrottle.admit(connectionId, kind, now);
  }

  latestInputs(): Record<string, unknown> {
    return { ...this.inputs };
  }

  reportVoice(connectionId: string, report: VoiceReport): void {
    this.voice.set(connectionId, report);
  }

  /** Seats with a live connection or a grace (`graced`), in roster order. */
  onlineSeats(roster: readonly Seat[] | null, graced: readonly string[]): string[] {
    return onlineSeats(roster, this.byId.values(), graced);
  }

  /** Whether a seat of the roster has a live connection (monitors do not count). */
  seatConnected(seatId: string, roster: readonly Seat[] | null): boolean {
    for (const connection of this.byId.values())
      if (!connection.monitor && seatOf(connection, roster)?.id === seatId) return true;
    return false;
  }

  presence(
    roster: readonly Seat[] | null,
    seen: readonly string[],
    view: { now: number; frozen: boolean; pausedBy: string | null; graced: readonly string[] },
  ): PresencePayload {
    return computePresence({ roster, connections: this.byId.values(), voice: this.voice, seen, ...view });
  }

  /** Counts a frame into the room's queue; false when the connection already has too many waiting. */
  reserveFrame(connectionId: string): boolean {
    const pending = this.pendingFrames.get(connectionId) ?? 0;
    if (pending >= MAX_PENDING_PER_CONNECTION) return false;
    this.pendingFrames.set(connectionId, pending + 1);
    return true;
  }

  /** A budget is kept while it remembers something (a seat that flooded and reconnects gets no fresh burst). */
  private forgetSettledBudgets(now: number) {
    for (const [playerId, budget] of this.budgets) {
      if (budget.settled(now) && ![...this.byId.values()].some((c) => c.playerId === playerId))
        this.budgets.delete(playerId);
    }
  }

  releaseFrame(connectionId: string): void {
    const left = (this.pendingFrames.get(connectionId) ?? 1) - 1;
    if (left > 0) this.pendingFrames.set(connectionId, left);
    else this.pendingFrames.delete(connectionId);
  }
}
