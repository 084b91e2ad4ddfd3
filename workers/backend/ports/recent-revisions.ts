import { desc } from "drizzle-orm";
import { revisions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";

/** A registered revision as a list of links names it. */
export interface RecentRevision {
  id: string;
  scenarioId: string;
  /** The manifest's name, or null. */
  name: string | null;
}

/**
 * The revisions registered last, newest first: what the dev index page and the rooms' base page
 * link in dev, so a scenario published on this machine is a click away. Never listed in stg or
 * prd, where a play link is for the people its author sends it to.
 */
export async function recentRevisions(database: D1Database, limit: number): Promise<RecentRevision[]> {
  return backendDb({ BACKEND_DB: database })
    .select({ id: revisions.id, scenarioId: revisions.scenarioId, name: revisions.name })
    .from(revisions)
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
    .limit(limit)
    .all();
}
