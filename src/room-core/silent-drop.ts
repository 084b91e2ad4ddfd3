/** No heartbeat reply for this long closes a connection (document 3, SILENT_DROP_MS). */
export const SILENT_DROP_MS = 60_000;

/**
 * Whether a connection has been silent too long: measured from its last heartbeat reply, or from
 * its acceptance when it never answered.
 */
export function isSilent(connectedAt: number, lastHeartbeat: number | null, now: number): boolean {
  return now - (lastHeartbeat ?? connectedAt) > SILENT_DROP_MS;
}

/** The latest of several heartbeat records (the runtime's auto-reply, the room's own answer); null when none. */
export function latestHeartbeat(...times: (number | null | undefined)[]): number | null {
  const known = times.filter((time): time is number => typeof time === "number");
  return known.length > 0 ? Math.max(...known) : null;
}
