/**
 * How long a seat stays online after its last connection closed (docs/rooms.md "Presence"): a
 * reconnect within it is no offline and back. Document 3 says a seat goes offline "after grace";
 * the SDK's first reconnects come within 0.25-3.5 s.
 */
export const SEAT_GRACE_MS = 5_000;

/**
 * Seats whose last connection closed and whose grace still runs, with the real time (the core's
 * clock) it ends at. They count as online until the room's alarm finds their grace over.
 */
export class SeatGraces {
  private readonly endsAt = new Map<string, number>();

  get seats(): string[] {
    return [...this.endsAt.keys()];
  }

  start(seatId: string, now: number): void {
    this.endsAt.set(seatId, now + SEAT_GRACE_MS);
  }

  /** The seat is back (a connection of it joined): its grace ends, with no change of presence. */
  cancel(seatId: string): void {
    this.endsAt.delete(seatId);
  }

  anyDue(now: number): boolean {
    for (const at of this.endsAt.values()) if (at <= now) return true;
    return false;
  }

  /** Ends every grace that ran out by `now`; those seats go offline. */
  endDue(now: number): void {
    for (const [seatId, at] of this.endsAt) if (at <= now) this.endsAt.delete(seatId);
  }

  /** When the next grace ends, or null. */
  earliest(): number | null {
    let earliest: number | null = null;
    for (const at of this.endsAt.values()) if (earliest === null || at < earliest) earliest = at;
    return earliest;
  }
}
