import type { Logger } from "../../src/log/logger";

/** The keep-alive and heartbeat wake, while at least one connection is open. */
export const HEARTBEAT_MS = 60_000;

/** What the room reserves its alarm for besides deadlines and the keep-alive. */
export type Reservation = "write" | "calls";

/**
 * The room's one alarm, for its reasons to wake: the next deadline or a seat's grace, the 60 s
 * keep-alive (silent-drop check), a reserved batched write, and the deadline of calls into the
 * sandbox. It is moved earlier for each; it is moved later only when a reservation it was set for
 * is released (the calls were answered), and then to the next reason, never past the next deadline
 * or keep-alive: every alarm is a billed request. An empty room keeps one only while a seat's
 * grace runs. Changes run one after another, each on what the one before set.
 */
export class RoomAlarm {
  /** When the alarm is set, as far as this object knows (null: none, or not read yet). */
  private at: number | null = null;
  private changes: Promise<void> = Promise.resolve();
  /** Reservations not yet fired or released, by when they are due. */
  private readonly reserved = new Map<Reservation, number>();
  /** A released reservation was what the alarm is set for: the next follow() sets it to the next reason. */
  private released = false;
  /** Alarms this instance ran (each a billed request), for the room's stats. */
  firings = 0;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly log: () => Logger,
  ) {}

  /** The alarm fired: nothing is set any more, and the reservations due by now are this alarm's to do. */
  fired(): void {
    this.at = null;
    this.released = false;
    this.firings++;
    const now = Date.now();
    for (const [reason, at] of this.reserved) if (at <= now) this.reserved.delete(reason);
  }

  /**
   * After the alarm's own work: a reservation not yet due (a call's deadline, when the alarm fired
   * sooner for a write) is set again at once. The room's next operation, which would set it, may
   * be long in coming while that call holds the room's line.
   */
  rearm(): void {
    if (this.reserved.size === 0) return;
    const next = Math.min(...this.reserved.values());
    this.change(() => this.exactly(next));
  }

  /** Wake no later than `delayMs` from now, for `reason`. */
  reserve(reason: Reservation, delayMs: number): void {
    const at = Date.now() + delayMs;
    const earlier = this.reserved.get(reason);
    if (earlier !== undefined && earlier <= at) return;
    this.reserved.set(reason, at);
    // Every call into the sandbox reserves: most find the alarm set sooner already, and queue nothing.
    if (this.at !== null && this.at <= at) return;
    this.change(() => this.noLaterThan(at));
  }

  /** What `reason` reserved is no longer needed. */
  release(reason: Reservation): void {
    const at = this.reserved.get(reason);
    if (at === undefined) return;
    this.reserved.delete(reason);
    if (at === this.at) this.released = true;
  }

  /**
   * After an operation: min(next deadline, heartbeat) while a connection is open. When the room is
   * empty, the write a reservation still held goes out (`flushWaiting`), and the alarm stays only
   * for the core's next wake (a seat's grace, the only one an empty room has), else there is none.
   * Most operations leave the alarm as it is, and queue nothing.
   */
  follow(nextDeadline: number | null, openCount: number, flushWaiting: () => void): void {
    const due = Math.min(
      nextDeadline ?? Number.POSITIVE_INFINITY,
      Date.now() + HEARTBEAT_MS,
      ...this.reserved.values(),
    );
    const release = this.released && openCount > 0;
    this.released = false;
    if (release) {
      this.change(() => this.exactly(due));
      return;
    }
    if (openCount > 0 && this.at !== null && this.at <= due) return;
    this.change(async () => {
      if (openCount > 0) return this.noLaterThan(due);
      flushWaiting();
      if (nextDeadline !== null) return this.noLaterThan(nextDeadline);
      if (this.at !== null || (await this.storage.getAlarm()) !== null) await this.storage.deleteAlarm();
      this.at = null;
    });
  }

  private change(change: () => Promise<void>) {
    this.changes = this.changes
      .then(change)
      .catch((error) => this.log().error("alarm not changed", { error: String(error) }));
  }

  private async noLaterThan(at: number) {
    this.at ??= await this.storage.getAlarm();
    if (this.at !== null && this.at <= at) return;
    await this.exactly(at);
  }

  private async exactly(at: number) {
    // setAlarm(now) from inside alarm() may be dropped locally: at least 1 ms ahead.
    this.at = Math.max(at, Date.now() + 1);
    await this.storage.setAlarm(this.at);
  }
}
