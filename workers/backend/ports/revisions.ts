import { eq } from "drizzle-orm";
import { revisions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import type { PublishedRevision } from "../../../src/publishing/revision";

/**
 * A revision registered by POST /code/scenario_revisions, or null: how another app (the rooms'
 * play and lobby routes) reads the backend's revisions. Registered revisions never change.
 */
export async function findPublishedRevision(
  database: D1Database,
  revisionId: string,
): Promise<PublishedRevision | null> {
  const row = await backendDb({ BACKEND_DB: database })
    .select({
      id: revisions.id,
      name: revisions.name,
      playerCount: revisions.playerCount,
      hasLogic: revisions.hasLogic,
      clientFiles: revisions.clientFiles,
    })
    .from(revisions)
    .where(eq(revisions.id, revisionId))
    .get();
  return row ?? null;
}
