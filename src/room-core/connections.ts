import type { Seat } from "../engine/types";
import { FrameAdmission } from "./frame-admission";
import { LogThrottle } from "./log-throttle";
import { computePresence, onlineSeats, type PresencePayload, seatOf, type VoiceReport } from "./presence";
import { RateWindow } from "./rate-window";
import type { ConnectionInfo } from "./types";

export const INPUT_RATE_PER_SECOND = 20;

/** The room's live connections and what it keeps of each in memory only. */
export class RoomConnections {
  private readonly byId = new Map<string, ConnectionInfo>();
  private readonly inputs: Record<string, unknown> = {};
  private readonly voice = new Map<string, VoiceReport>();
  private readonly inputWindows = new Map<string, RateWindow>();
  private readonly logThrottle = new LogThrottle();
  /** What each frame must pass before it is queued (frame-admission.ts). */
  readonly frames = new FrameAdmission((connectionId) => this.byId.get(connectionId)?.playerId);

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
    this.frames.forgetSettled(now, new Set([...this.byId.values()].map((c) => c.playerId)));
    return info;
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
}
