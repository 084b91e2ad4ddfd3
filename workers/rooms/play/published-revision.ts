import { eq } from "drizzle-orm";
import { revisions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { ApiError } from "../../shared/errors";
import type { PlayableRevision } from "./seat-links";

/** A registered revision (POST /code/scenario_revisions of the backend), or null. */
export async function publishedRevision(env: Env, revisionId: string): Promise<PlayableRevision | null> {
  const row = await backendDb(env)
    .select({
      id: revisions.id,
      name: revisions.name,
      playerCount: revisions.playerCount,
      hasLogic: revisions.hasLogic,
    })
    .from(revisions)
    .where(eq(revisions.id, revisionId))
    .get();
  return row ?? null;
}

/** The registered revision, or 404 `revision_not_found`. */
export async function revisionOrThrow(env: Env, revisionId: string): Promise<PlayableRevision> {
  const revision = await publishedRevision(env, revisionId);
  if (!revision) throw new ApiError(404, "revision_not_found", `No published revision ${revisionId}.`);
  return revision;
}
