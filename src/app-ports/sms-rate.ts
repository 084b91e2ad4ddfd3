/** Outcomes of phone sign-in attempts: the window's, or one minute's. */
export interface SmsOutcomes {
  success: number;
  failure: number;
}

/** One crossing of document 1's alert line (75%, cleared at 80%), as its notice reported it. */
export interface SmsRateCrossing {
  kind: "fell_below" | "recovered";
  at: number;
  window: SmsOutcomes & { samples: number; rate: number | null };
}

/** The SMS sign-in success rate as an operator looks at it: the window now, minute by minute, the last crossings. */
export interface SmsRateView extends SmsOutcomes {
  samples: number;
  /** successes / samples, or null without any sample. */
  rate: number | null;
  alerting: boolean;
  /** Attempts started and not decided yet. */
  open: number;
  /** The window's one-minute buckets, oldest first (start: ms since the epoch). */
  minutes: (SmsOutcomes & { start: number })[];
  /** Newest first. */
  history: SmsRateCrossing[];
}

/**
 * The SMS sign-in success rate for the operator console. The sign-in service implements it
 * (workers/auth/ports/sms-rate.ts: its one SMS_SUCCESS_RATE object).
 */
export interface SmsRatePort {
  view(): Promise<SmsRateView>;
}
