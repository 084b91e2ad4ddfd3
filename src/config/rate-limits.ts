/** One `[[ratelimits]]` binding as the code knows it: its name and its `simple` settings. */
export interface RateLimitRule<Binding extends string = string> {
  binding: Binding;
  /** Requests one key may make per period (`simple.limit`). */
  limit: number;
  /** The binding's window in seconds (`simple.period`: 10 or 60); a refusal's Retry-After. */
  period: 10 | 60;
  /** What is counted, for the refusal's message: "publish tokens". */
  what: string;
}

/**
 * How often one user may create each thing that costs the platform a row, a code or a call to a
 * provider (docs/decisions/0120-creation-rate-limits.md "Creation rate limits"). Each is a Workers Rate Limiting binding,
 * `[[ratelimits]]` in wrangler.toml with this name, limit and period in every environment
 * (test/unit/rate-limits.test.ts holds the two together); the limit is the one knob to turn.
 */
export const RATE_LIMITS = {
  /** POST {AUTH_URL}/api/publish-tokens. */
  publishTokens: { binding: "PUBLISH_TOKEN_LIMITER", limit: 10, period: 60, what: "publish tokens" },
  /** POST {API_URL}/code/upload_sessions: a publish is one session; a CI publishing a few scenarios at once fits. */
  uploadSessions: { binding: "UPLOAD_SESSION_LIMITER", limit: 20, period: 60, what: "upload sessions" },
  /** POST {API_URL}/rooms: an app's backend records its rooms as matches start. */
  roomRecords: { binding: "ROOM_RECORD_LIMITER", limit: 60, period: 60, what: "room records" },
  /** POST {AUTH_URL}/api/transfer/code: one per hand-over from an app to a browser. */
  transferCodes: { binding: "TRANSFER_CODE_LIMITER", limit: 10, period: 60, what: "transfer codes" },
  /** POST {STORE_URL}/api/checkout: each opens a session at the payment provider. */
  checkoutSessions: { binding: "CHECKOUT_LIMITER", limit: 10, period: 60, what: "checkout sessions" },
} as const satisfies Record<string, RateLimitRule>;
