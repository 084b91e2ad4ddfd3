import { desc, eq } from "drizzle-orm";
import type { PublishedRevisionsPort, RecentRevision } from "../../../src/app-ports/published-revisions";
import { revisions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import type { PublishedRevision } from "../../../src/publishing/revision";

/** The backend's registered revisions, as other apps read them (src/app-ports/published-revisions.ts). */
export class PublishedRevisions implements PublishedRevisionsPort {
  private readonly db: ReturnType<typeof backendDb>;

  constructor(database: D1Database) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  async find(revisionId: string): Promise<PublishedRevision | null> {
    const row = await this.db
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

  recent(limit: number): Promise<RecentRevision[]> {
    return this.db
      .select({ id: revisions.id, scenarioId: revisions.scenarioId, name: revisions.name })
      .from(revisions)
      .orderBy(desc(revisions.createdAt), desc(revisions.id))
      .limit(limit)
      .all();
  }
}
