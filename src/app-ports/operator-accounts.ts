/** A live SSO session as an operator sees it: an opaque handle, never the session's id or key. */
export interface SessionForOperator {
  handle: string;
  createdAt: number;
  lastUsedAt: number;
  /** The browser family the session was made in ("Chrome on Android"). */
  device: string;
}

/** A publish token as an operator sees it: never the plaintext or its hash. */
export interface PublishTokenForOperator {
  id: string;
  name: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ConsentForOperator {
  documentKey: string;
  version: string;
  consentedAt: number;
  source: string;
}

/** An auth-log record a client sent naming the user: when the intake took it, and its fields as logged (scrubbed). */
export interface AuthLogEvent {
  at: number;
  event: Record<string, unknown>;
}

/**
 * What the operator console (workers/backend/console) may see and do of a user's sign-in side: SSO
 * sessions, publish tokens, consent records and auth-log records, and the actions on them. The
 * sign-in service implements it (workers/auth/ports/operator-accounts.ts) through its own stores.
 */
export interface OperatorAccountsPort {
  /** The user's live sessions, most recently used first. */
  sessions(uid: string): Promise<SessionForOperator[]>;
  /** Ends the user's session with this handle; false when the user has no live session with it. */
  endSession(uid: string, handle: string): Promise<boolean>;
  /**
   * Signs the user out everywhere: the account's tokens-valid-after time at the provider (its ID,
   * refresh and publish tokens end), then every SSO session. Answers how many sessions were live.
   * Throws ApiError 503 `idp_unavailable`, and ends nothing, while the provider cannot be reached.
   */
  endAllSessions(uid: string): Promise<number>;
  /** Every publish token the user made, active and revoked, newest first. */
  publishTokens(uid: string): Promise<PublishTokenForOperator[]>;
  /** Revokes the user's active token; false when the user has no active token with this id. */
  revokePublishToken(uid: string, tokenId: string): Promise<boolean>;
  /** The user's consent ledger rows, newest first. */
  consents(uid: string): Promise<ConsentForOperator[]>;
  /** The auth-log records clients sent naming the user, newest first (scrubbed as logged). */
  authLog(uid: string): Promise<AuthLogEvent[]>;
}
