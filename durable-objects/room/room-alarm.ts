import type { Logger } from "../../src/log/logger";

/** The keep-alive and heartbeat wake, while at least one connection is open. */
export const HEARTBEAT_MS = 60_000;

/**
 * The room's one alarm, for its reasons to wake: the next deadline or a seat's grace, the 60 s
 * keep-alive (silent-drop check), a reserved batched write, and the looks at the channel into the
 * sandbox (a call's deadline, idleness). It is only ever moved earlier; an empty room keeps one
 * only while a seat's grace runs. Changes run one after another, each on what the one before set.
 */
export class RoomAlarm {
  /** When the alarm is set, as far as this object knows (null: none, or not read yet). */
  private at: number | null = null;
  private changes: Promise<void> = Promise.resolve();
  /** Alarms this instance ran (each a billed request), for the room's stats. */
  firings = 0;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly log: () => Logger,
  ) {}

  /** The alarm fired: nothing is set any more. */
  fired(): void {
    this.at = null;
    this.firings++;
  }

  /** For a batched write: wake no later than `delayMs` from now. */
  reserve(delayMs: number): void {
    this.change(() => this.noLaterThan(Date.now() + delayMs));
  }

  /**
   * After an operation: min(next deadline, heartbeat) while a connection is open. When the room is
   * empty, the write a reservation still held goes out (`flushWaiting`), and the alarm stays only
   * for the core's next wake (a seat's grace, the only one an empty room has), else there is none.
   * Most operations leave the alarm as it is, and queue nothing.
   */
  follow(nextDeadline: number | null, openCount: number, flushWaiting: () => void): void {
    const due = Math.min(nextDeadline ?? Number.POSITIVE_INFINITY, Date.now() + HEARTBEAT_MS);
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
    // setAlarm(now) from inside alarm() may be dropped locally: at least 1 ms ahead.
    this.at = Math.max(at, Date.now() + 1);
    await this.storage.setAlarm(this.at);
  }
}
