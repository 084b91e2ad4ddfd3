/** Stripe retries a failed webhook delivery for days with growing gaps; the stand-in, for minutes. */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_GAP_MS = 60_000;
/** Attempts per event (the first included); after the last failure the event is dropped and logged. */
export const MAX_ATTEMPTS = 12;

/** The gap after failed attempt `attempts` (1, 2, ...): 1 s, 2 s, 4 s, ... at most 60 s. */
export function retryGapMs(attempts: number): number {
  return Math.min(MAX_RETRY_GAP_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** One event waiting for a delivery the webhook endpoint answered with 2xx. */
export interface QueuedEvent {
  eventId: string;
  /** Attempts made so far. */
  attempts: number;
  /** Real time of the next attempt. */
  dueAt: number;
}

/** The queue after one attempt: delivered events leave, failed ones come back later (or give up). */
export function afterAttempt(
  entry: QueuedEvent,
  delivered: boolean,
  now: number,
): { next: QueuedEvent | null; gaveUp: boolean } {
  if (delivered) return { next: null, gaveUp: false };
  const attempts = entry.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) return { next: null, gaveUp: true };
  return { next: { ...entry, attempts, dueAt: now + retryGapMs(attempts) }, gaveUp: false };
}
