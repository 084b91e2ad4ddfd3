import { extractClientZip } from "../../../src/publishing/client-zip";
import { codeKeys, randomHexId } from "../../../src/publishing/code-keys";

const LOGIC_TYPE = "text/javascript; charset=utf-8";

/**
 * Extracts a client zip into a new file set of the revision (src/publishing/client-zip.ts checks it and
 * caps each file's output), one R2 object per file, streamed as it is inflated. Nothing points at
 * the set yet; a refused zip leaves nothing behind.
 */
export async function extractClientFiles(bucket: R2Bucket, revisionId: string, zip: Uint8Array) {
  const fileSetId = randomHexId();
  try {
    const extracted = await extractClientZip(zip, (path, size) => {
      const { readable, writable } = new FixedLengthStream(size);
      return { writable, stored: bucket.put(codeKeys.clientFile(revisionId, fileSetId, path), readable) };
    });
    return { fileSetId, ...extracted };
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

/**
 * Registration: the staged logic.js is copied to `{revisionId}/logic.js`, which rooms run. false
 * when the staged file is gone: a registration of the same session finished meanwhile.
 */
export async function publishLogic(bucket: R2Bucket, revisionId: string, fileId: string): Promise<boolean> {
  const staged = await bucket.get(codeKeys.stagedLogic(revisionId, fileId));
  if (!staged) return false;
  await bucket.put(codeKeys.logic(revisionId), await staged.arrayBuffer(), {
    httpMetadata: { contentType: LOGIC_TYPE },
  });
  return true;
}
