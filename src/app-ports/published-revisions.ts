import type { PublishedRevision } from "../publishing/revision";

/** A registered revision as a list of links names it. */
export interface RecentRevision {
  id: string;
  scenarioId: string;
  /** The manifest's name, or null. */
  name: string | null;
}

/**
 * The revisions registered through the backend's POST /code/scenario_revisions, which never
 * change. The backend implements it (workers/backend/ports/revisions.ts); platform/ hands it to
 * the rooms app (play links, the lobby) and the dev index page.
 */
export interface PublishedRevisionsPort {
  find(revisionId: string): Promise<PublishedRevision | null>;
  /**
   * The revisions registered last, newest first: what dev pages link, so a scenario published on
   * this machine is a click away. Never listed in stg or prd.
   */
  recent(limit: number): Promise<RecentRevision[]>;
}
