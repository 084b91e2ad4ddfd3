import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { AuthLogEvent } from "../../src/app-ports/operator-accounts";
import { authLogEvents } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";
import type { ClientLogLine } from "../../src/log/client-record";

/** Records kept per uid: the operator console shows a user's most recent ones. */
export const AUTH_LOG_EVENTS_KEPT = 50;

/**
 * What of a logged client record is kept for the console: the line's own fields, already
 * scrubbed and truncated by the intake (src/log/client-record.ts), without the client's session
 * id and its free-form context.
 */
function storedFields(line: ClientLogLine): Record<string, unknown> {
  return {
    message: line.message,
    severity: line.severity,
    evt: line.evt,
    ...(line.error ? { error: line.error } : {}),
    knownIssue: line.knownIssue,
    ...(line.page ? { page: line.page } : {}),
    ...(line.client ? { client: line.client } : {}),
  };
}

/**
 * The auth-log records clients sent with a uid (AUTH_DB auth_log_events). The intake is
 * unauthenticated, so a record's uid is what its client said: the console labels them so.
 */
export class AuthLogEvents {
  private readonly db: ReturnType<typeof authDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  /** Appends the lines that name a uid, and drops what is beyond the newest AUTH_LOG_EVENTS_KEPT of each, in one batch. */
  async append(lines: readonly ClientLogLine[]): Promise<void> {
    const named = lines.filter((line): line is ClientLogLine & { uid: string } => line.uid !== null);
    if (named.length === 0) return;
    const at = new Date(this.now());
    const inserts = named.map((line) =>
      this.db.insert(authLogEvents).values({ idpUid: line.uid, at, event: storedFields(line) }),
    );
    const trims = [...new Set(named.map((line) => line.uid))].map((uid) => {
      const oldestKept = sql`(SELECT ${authLogEvents.id} FROM ${authLogEvents} WHERE ${authLogEvents.idpUid} = ${uid}
        ORDER BY ${authLogEvents.id} DESC LIMIT 1 OFFSET ${AUTH_LOG_EVENTS_KEPT})`;
      return this.db.delete(authLogEvents).where(and(eq(authLogEvents.idpUid, uid), lte(authLogEvents.id, oldestKept)));
    });
    const [first, ...rest] = [...inserts, ...trims];
    if (first) await this.db.batch([first, ...rest]);
  }

  /** The uid's records, newest first. */
  async recent(uid: string, limit = AUTH_LOG_EVENTS_KEPT): Promise<AuthLogEvent[]> {
    const rows = await this.db
      .select({ at: authLogEvents.at, event: authLogEvents.event })
      .from(authLogEvents)
      .where(eq(authLogEvents.idpUid, uid))
      .orderBy(desc(authLogEvents.id))
      .limit(limit)
      .all();
    return rows.map((row) => ({ at: row.at.getTime(), event: row.event }));
  }
}
