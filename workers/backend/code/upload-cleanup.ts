import { codeKeys } from "../../../src/publishing/code-keys";
import type { CodeStore, SweepableSession } from "./code-store";

/** How the upload cleanup runs (docs/publishing.md, "Cleanup"). */
export const UPLOAD_CLEANUP = {
  /** How often the Worker's cron runs it: wrangler.toml's `[triggers] crons` says the same. */
  periodMs: 10 * 60 * 1000,
  /**
   * How long after its expiry a session is left alone. No PUT starts extracting after its
   * session expired and none attaches a file then (uploads.ts, CodeStore.attach), so this only
   * covers a PUT that was still writing at that moment, or died half-way through.
   */
  graceMs: 10 * 60 * 1000,
  /** Sessions one run reads (each marked swept in one D1 update: D1 binds at most 100 values). */
  sessionsPerRun: 50,
  /** R2 and D1 calls one run may make: well under the 1,000 calls of one production invocation. */
  callsPerRun: 400,
} as const;

/** What bounds one run: the grace after expiry, and how many sessions and calls it may take. */
export interface CleanupLimits {
  graceMs: number;
  sessionsPerRun: number;
  callsPerRun: number;
}

export interface CleanupRun {
  /** Sessions swept in this run. */
  sessions: number;
  /** R2 objects deleted. */
  deleted: number;
  /** R2 and D1 calls made. */
  calls: number;
}

/**
 * Deletes what upload sessions left in CODE and nothing points at, once they expired
 * UPLOAD_CLEANUP.graceMs ago: every file of a session that expired unregistered, and the
 * superseded or never attached client file sets and staged logic.js of a registered one (its
 * revision's file set and `logic.js` stay). Only keys under the `staged/` and `client/` prefixes
 * of the session's own revision id are touched: the bucket is shared with other environments, and
 * a revision id is never another environment's (code-files.ts freeRevisionId). Each session is
 * swept once; a run stops before its calls would pass UPLOAD_CLEANUP.callsPerRun, and the next
 * run goes on where it stopped (deleting twice is harmless).
 */
export async function cleanUpUploads(
  bucket: R2Bucket,
  store: CodeStore,
  limits: CleanupLimits = UPLOAD_CLEANUP,
): Promise<CleanupRun> {
  const run: CleanupRun = { sessions: 0, deleted: 0, calls: 1 };
  // The final markSwept() is one call more.
  const budget = limits.callsPerRun - 1;
  const swept: string[] = [];
  for (const session of await store.sessionsToSweep(limits.graceMs, limits.sessionsPerRun)) {
    if (!(await sweep(bucket, session, run, budget))) break;
    swept.push(session.id);
  }
  if (swept.length > 0) {
    await store.markSwept(swept);
    run.calls++;
  }
  run.sessions = swept.length;
  return run;
}

/** Deletes one session's leftovers, a page of keys at a time; false when the budget ran out first. */
async function sweep(bucket: R2Bucket, session: SweepableSession, run: CleanupRun, budget: number): Promise<boolean> {
  const isLeftover = leftoverTest(session);
  let cursor: string | undefined;
  do {
    // A page costs a list and a delete.
    if (run.calls + 2 > budget) return false;
    const page = await bucket.list({ prefix: codeKeys.revision(session.revisionId), cursor });
    run.calls++;
    const leftovers = page.objects.map((object) => object.key).filter(isLeftover);
    if (leftovers.length > 0) {
      await bucket.delete(leftovers);
      run.calls++;
      run.deleted += leftovers.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return true;
}

/**
 * Which keys under the session's revision id are leftovers: staged logic and client file sets,
 * except what the registered revision serves or, for a registration that stopped half-way (the
 * session claimed, no revision row yet), the files it claimed, which the next try finishes with.
 */
function leftoverTest(session: SweepableSession): (key: string) => boolean {
  const { revisionId } = session;
  const claimedOnly = session.completedAt !== null && !session.registered;
  const kept = [
    ...(session.revisionFiles ? [codeKeys.clientFileSet(revisionId, session.revisionFiles)] : []),
    ...(claimedOnly && session.clientFiles ? [codeKeys.clientFileSet(revisionId, session.clientFiles)] : []),
    ...(claimedOnly && session.logicFile ? [codeKeys.stagedLogic(revisionId, session.logicFile)] : []),
  ];
  const uploaded = [codeKeys.staged(revisionId), codeKeys.clientFileSets(revisionId)];
  return (key) => uploaded.some((prefix) => key.startsWith(prefix)) && !kept.some((prefix) => key.startsWith(prefix));
}
