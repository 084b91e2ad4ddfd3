import type { ClientZip } from "../../../src/publishing/client-zip";
import { codeKeys, randomHexId } from "../../../src/publishing/code-keys";
import { newRevisionId } from "../../../src/publishing/revision";
import { ApiError } from "../../../src/worker-kit/errors";

const LOGIC_TYPE = "text/javascript; charset=utf-8";

/**
 * Extracts a checked client zip (src/publishing/client-zip.ts) into a new file set of the
 * revision, one R2 object per file, streamed as it is inflated; answers the set's id. Nothing
 * points at the set yet; a refused zip leaves nothing behind.
 */
export async function extractClientFiles(bucket: R2Bucket, revisionId: string, zip: ClientZip): Promise<string> {
  const fileSetId = randomHexId();
  try {
    await zip.extract((path, size) => {
      const { readable, writable } = new FixedLengthStream(size);
      return { writable, stored: bucket.put(codeKeys.clientFile(revisionId, fileSetId, path), readable) };
    });
    return fileSetId;
  } catch (error) {
    await deleteClientFileSet(bucket, revisionId, fileSetId);
    throw error;
  }
}

/** Removes a client file set nothing points at (a refused, superseded or late upload). */
export async function deleteClientFileSet(bucket: R2Bucket, revisionId: string, fileSetId: string): Promise<void> {
  const prefix = codeKeys.clientFileSet(revisionId, fileSetId);
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** Keeps an uploaded logic.js aside until registration; answers its id. */
export async function stageLogic(bucket: R2Bucket, revisionId: string, bytes: Uint8Array): Promise<string> {
  const fileId = randomHexId();
  await bucket.put(codeKeys.stagedLogic(revisionId, fileId), bytes, { httpMetadata: { contentType: LOGIC_TYPE } });
  return fileId;
}

export async function deleteStagedLogic(bucket: R2Bucket, revisionId: string, fileId: string): Promise<void> {
  await bucket.delete(codeKeys.stagedLogic(revisionId, fileId));
}

/** Tries of `freeRevisionId` before it gives up (a taken id is a 1 in 2^64 event each). */
const REVISION_ID_TRIES = 3;

/**
 * A new revision id whose key prefix holds nothing in CODE. The bucket is shared by every
 * environment (document 3), and each environment mints its ids alone: an id another environment
 * already stores files under is skipped, so no environment ever writes into another's revision.
 */
export async function freeRevisionId(
  bucket: R2Bucket,
  scenarioId: string,
  mint: (scenarioId: string) => string = newRevisionId,
): Promise<string> {
  for (let attempt = 0; attempt < REVISION_ID_TRIES; attempt++) {
    const revisionId = mint(scenarioId);
    const taken = await bucket.list({ prefix: `${revisionId}/`, limit: 1 });
    if (taken.objects.length === 0) return revisionId;
  }
  throw new ApiError(503, "revision_id_unavailable", "No free revision id could be found; try again.");
}

/**
 * Registration: the staged logic.js is copied to `{revisionId}/logic.js`, which rooms run, and
 * only if nothing is there yet: a registered revision's logic never changes, whichever
 * environment sharing the bucket asks. The same bytes there already are a registration of this
 * session that stopped half-way, done again. false when the staged file is gone: a registration of
 * the same session finished meanwhile.
 */
export async function publishLogic(bucket: R2Bucket, revisionId: string, fileId: string): Promise<boolean> {
  const staged = await bucket.get(codeKeys.stagedLogic(revisionId, fileId));
  if (!staged) return false;
  const written = await bucket.put(codeKeys.logic(revisionId), await staged.arrayBuffer(), {
    httpMetadata: { contentType: LOGIC_TYPE },
    onlyIf: { etagDoesNotMatch: "*" },
  });
  if (written) return true;
  const existing = await bucket.head(codeKeys.logic(revisionId));
  if (existing?.checksums.md5 && sameBytes(existing.checksums.md5, staged.checksums.md5)) return true;
  throw new ApiError(
    409,
    "revision_logic_exists",
    `Revision ${revisionId} already has a logic.js, which is never replaced; publish again for a new revision.`,
  );
}

function sameBytes(a: ArrayBuffer, b: ArrayBuffer | undefined): boolean {
  if (!b || a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a);
  const right = new Uint8Array(b);
  return left.every((byte, i) => byte === right[i]);
}
