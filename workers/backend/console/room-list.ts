import { desc, eq, lt } from "drizzle-orm";
import type { OperatorRoomsPort, RoomForOperator } from "../../../src/app-ports/operator-rooms";
import { revisions, rooms } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { codeKeys } from "../../../src/publishing/code-keys";

export type RevisionRow = typeof revisions.$inferSelect;
export type RoomRecordRow = typeof rooms.$inferSelect;

/** Revisions on one page of the list, and rooms looked at per revision (each is one call to its Durable Object). */
export const REVISIONS_PER_PAGE = 50;
export const ROOMS_PER_REVISION = 50;
/** Client files listed per revision (one R2 list call). */
export const FILES_LISTED = 100;

/** A published file as the console lists it. */
export interface RevisionFile {
  path: string;
  bytes: number;
}

/** A recorded room of a revision and what its Durable Object says of it now (null: no connection ever reached it). */
export interface RoomWithState {
  record: RoomRecordRow;
  state: RoomForOperator | null;
}

/** Published revisions, newest first; `before` pages on (an id older than the last one shown). */
export async function listRevisions(database: D1Database, before?: Date): Promise<RevisionRow[]> {
  const db = backendDb({ BACKEND_DB: database });
  return db
    .select()
    .from(revisions)
    .where(before ? lt(revisions.createdAt, before) : undefined)
    .orderBy(desc(revisions.createdAt))
    .limit(REVISIONS_PER_PAGE)
    .all();
}

export async function findRevision(database: D1Database, revisionId: string): Promise<RevisionRow | null> {
  const db = backendDb({ BACKEND_DB: database });
  return (await db.select().from(revisions).where(eq(revisions.id, revisionId)).get()) ?? null;
}

/** The revision's files in CODE: logic.js, then the client files of the file set it serves. */
export async function revisionFiles(bucket: R2Bucket, revision: RevisionRow): Promise<RevisionFile[]> {
  const files: RevisionFile[] = [];
  if (revision.hasLogic) {
    const logic = await bucket.head(codeKeys.logic(revision.id));
    if (logic) files.push({ path: "logic.js", bytes: logic.size });
  }
  if (revision.clientFiles) {
    const prefix = codeKeys.clientFileSet(revision.id, revision.clientFiles);
    const listed = await bucket.list({ prefix, limit: FILES_LISTED });
    for (const object of listed.objects) files.push({ path: object.key.slice(prefix.length), bytes: object.size });
  }
  return files;
}

/**
 * The revision's recorded rooms (the backend's room records: an app's, the lobby's, quick play's),
 * newest first, each with its state now: open ones (not closed) first.
 */
export async function roomsOf(
  database: D1Database,
  operatorRooms: OperatorRoomsPort,
  revisionId: string,
): Promise<RoomWithState[]> {
  const db = backendDb({ BACKEND_DB: database });
  const records = await db
    .select()
    .from(rooms)
    .where(eq(rooms.revisionId, revisionId))
    .orderBy(desc(rooms.createdAt))
    .limit(ROOMS_PER_REVISION)
    .all();
  const states = await Promise.all(records.map((record) => operatorRooms.view(record.revisionId, record.roomId)));
  const all = records.map((record, index) => ({ record, state: states[index] ?? null }));
  return [...all.filter((room) => !room.state?.closed), ...all.filter((room) => room.state?.closed)];
}
