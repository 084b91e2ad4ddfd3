import type { PublishedRevisionsPort } from "../../../src/app-ports/published-revisions";
import type { PublishedRevision } from "../../../src/publishing/revision";
import { ApiError } from "../../../src/worker-kit/errors";

/** The registered revision, or 404 `revision_not_found`. */
export async function revisionOrThrow(
  revisions: PublishedRevisionsPort,
  revisionId: string,
): Promise<PublishedRevision> {
  const revision = await revisions.find(revisionId);
  if (!revision) throw new ApiError(404, "revision_not_found", `No published revision ${revisionId}.`);
  return revision;
}

/**
 * The client file set a registered revision serves (src/publishing/code-keys.ts); 404
 * `revision_not_found` for no revision, 410 `republish_required` for one registered before
 * client zips were extracted at upload (docs/decisions/0079-client-zips-are-extracted-once-at-upload.md): its zip is never inflated to serve it.
 */
export async function servedFileSetOrThrow(revisions: PublishedRevisionsPort, revisionId: string): Promise<string> {
  const { clientFiles } = await revisionOrThrow(revisions, revisionId);
  if (!clientFiles) {
    throw new ApiError(
      410,
      "republish_required",
      `Revision ${revisionId} was published before client files were extracted at upload; publish the scenario again.`,
    );
  }
  return clientFiles;
}
