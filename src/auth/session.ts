/** SSO session of document 1: 400 days, extended on reads. */
export const SESSION_LIFETIME_SECONDS = 400 * 24 * 60 * 60;
export const SESSION_COOKIE = "auth_session";

/**
 * Reads write the session back at most this often (docs/decisions/0059-sign-in-hardening.md): the lifetime is still extended,
 * but last_accessed_at is up to an hour coarse, and most reads cost no storage write.
 */
export const SESSION_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * An ended session's tombstone outlives anything a racing read could have written back: such a
 * write carries a last access from before the logout, so the record is dead 400 days later
 * anyway; a day of margin covers request durations and clock skew.
 */
export const SESSION_TOMBSTONE_TTL_SECONDS = SESSION_LIFETIME_SECONDS + 24 * 60 * 60;

export interface SessionRecord {
  /** Public id of the session (listing and ending it); never the cookie value. */
  id: string;
  uid: string;
  createdAt: number;
  lastAccessedAt: number;
  /** "Chrome on Android", "Safari on iOS", ...: enough for a person to recognise a device. */
  userAgentFamily: string;
  /**
   * When the person signed in at the identity provider for this session (the `auth_time` of the ID
   * token it was started with, seconds since the epoch): the session ends at its next use once the
   * account's tokens-valid-after time is later. Sessions stored before it was kept lack it.
   */
  authTime?: number;
}

export function newSession(
  id: string,
  uid: string,
  now: number,
  userAgentFamily: string,
  authTime: number,
): SessionRecord {
  return { id, uid, createdAt: now, lastAccessedAt: now, userAgentFamily, authTime };
}

/**
 * The sign-in a session stands on, in seconds: the ID token's `auth_time`, or for a session stored
 * before that was kept, its creation (which is never earlier than the sign-in).
 */
export function sessionSignInTime(session: SessionRecord): number {
  return session.authTime ?? Math.floor(session.createdAt / 1000);
}

export function touched(session: SessionRecord, now: number): SessionRecord {
  return { ...session, lastAccessedAt: now };
}

/** A stored session older than its lifetime since the last recorded access is gone, even if KV still holds it. */
export function isSessionAlive(session: SessionRecord, now: number): boolean {
  return now - session.lastAccessedAt < SESSION_LIFETIME_SECONDS * 1000;
}

/** True when a read should write the session back (its recorded access is an hour old or more). */
export function isRefreshDue(session: SessionRecord, now: number): boolean {
  return now - session.lastAccessedAt >= SESSION_REFRESH_INTERVAL_MS;
}
