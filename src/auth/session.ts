/** SSO session of document 1: 400 days, extended on every read. */
export const SESSION_LIFETIME_SECONDS = 400 * 24 * 60 * 60;
export const SESSION_COOKIE = "auth_session";

export interface SessionRecord {
  uid: string;
  createdAt: number;
  lastAccessedAt: number;
}

export function newSession(uid: string, now: number): SessionRecord {
  return { uid, createdAt: now, lastAccessedAt: now };
}

export function touched(session: SessionRecord, now: number): SessionRecord {
  return { ...session, lastAccessedAt: now };
}

/** A stored session older than its lifetime since the last read is gone, even if KV still holds it. */
export function isSessionAlive(session: SessionRecord, now: number): boolean {
  return now - session.lastAccessedAt < SESSION_LIFETIME_SECONDS * 1000;
}
