/**
 * Single-use codes of document 1 (Expiring records): what each kind may be used for and how
 * long it lives. Pure: the stores in workers/auth/ do the I/O.
 */
export const CODE_KINDS = {
  /** PKCE: exchanged at POST /api/token with the verifier. */
  authorization_code: { lifetimeMs: 5 * 60_000 },
  /** Hands an app user over to a browser at GET /transfer. */
  transfer_code: { lifetimeMs: 5 * 60_000 },
  /** For SSO linking only; never accepted for a hand-over. */
  link_grant: { lifetimeMs: 60_000 },
} as const;

export type CodeKind = keyof typeof CODE_KINDS;

export interface CodeRecord {
  kind: CodeKind;
  uid: string;
  /** Milliseconds since the epoch, from the service's clock. */
  issuedAt: number;
  /** Where the browser goes after redemption (transfer codes). */
  redirectUri?: string;
  /** base64url(sha256(verifier)) the code is bound to (authorization codes). */
  codeChallenge?: string;
  /** The app that handed over (transfer codes): its name and icon are shown on the confirmation page. */
  clientId?: string;
  /** The account, masked (src/auth/mask.ts), for the confirmation page (transfer codes). */
  account?: string;
  /**
   * When the person signed in at the identity provider (the ID token's auth_time, or the SSO
   * session's sign-in; seconds): a code whose sign-in the account revoked since is refused.
   */
  authTime?: number;
  /** SHA-256 of the login page's state and of the browser's nonce cookie (link grants). */
  stateHash?: string;
  nonceHash?: string;
}

/** KV never keeps a key for less than 60 s, so expiry is decided from issuedAt, not by KV alone. */
export const KV_MIN_TTL_SECONDS = 60;

export function kvTtlSeconds(kind: CodeKind): number {
  return Math.max(KV_MIN_TTL_SECONDS, Math.ceil(CODE_KINDS[kind].lifetimeMs / 1000));
}

/** The sign-in a code stands on, in seconds; a code issued before that was kept: its issue (never earlier). */
export function codeSignInTime(record: CodeRecord): number {
  return record.authTime ?? Math.floor(record.issuedAt / 1000);
}

export function isExpired(record: CodeRecord, now: number): boolean {
  return now - record.issuedAt >= CODE_KINDS[record.kind].lifetimeMs;
}
