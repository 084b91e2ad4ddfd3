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

/**
 * The client file set a registered revision serves (src/code/code-keys.ts); 404
 * `revision_not_found` for no revision, 410 `republish_required` for one registered before
 * client zips were extracted at upload (docs/decisions.md): its zip is never inflated to serve it.
 */
export async function servedFileSetOrThrow(env: Env, revisionId: string): Promise<string> {
  const row = await backendDb(env)
    .select({ clientFiles: revisions.clientFiles })
    .from(revisions)
    .where(eq(revisions.id, revisionId))
    .get();
  if (!row) throw new ApiError(404, "revision_not_found", `No published revision ${revisionId}.`);
  if (!row.clientFiles) {
    throw new ApiError(
      410,
      "republish_required",
      `Revision ${revisionId} was published before client files were extracted at upload; publish the scenario again.`,
    );
  }
  return row.clientFiles;
}
