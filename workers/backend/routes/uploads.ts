import { Hono } from "hono";
import { ClientZipError, readClientZip } from "../../../src/publishing/client-zip";
import { CODE_LIMITS, UPLOAD_QUOTAS } from "../../../src/publishing/limits";
import { ApiError } from "../../../src/worker-kit/errors";
import { bodyLimited } from "../../../src/worker-kit/input";
import type { BackendEnv } from "../auth";
import { deleteClientFileSet, deleteStagedLogic, extractClientFiles, stageLogic } from "../code/code-files";
import { type AttachOutcome, CodeStore, type UploadSession } from "../code/code-store";
import { UPLOAD_CLEANUP } from "../code/upload-cleanup";

const REGISTERED = () =>
  new ApiError(
    409,
    "already_registered",
    "This upload is registered already and its revision never changes; start a new upload session.",
  );

const MiB = 1024 * 1024;
const SWEPT_WITHIN_MINUTES = (UPLOAD_CLEANUP.graceMs + UPLOAD_CLEANUP.periodMs) / 60_000;

const NOT_FOUND = () => new ApiError(404, "upload_not_found", "This upload URL is unknown or expired.");

async function openSession(store: CodeStore, secret: string): Promise<UploadSession> {
  const session = await store.sessionBySecret(secret);
  if (!session) throw NOT_FOUND();
  if (session.completedAt) throw REGISTERED();
  return session;
}

/**
 * Refuses a file that would take the uploader's unregistered uploads past UPLOAD_QUOTAS.storedBytes,
 * before anything is written; attach() holds the same limit against uploads running at once. The
 * session's own earlier file of the same kind is replaced, so it does not count.
 */
async function checkQuota(store: CodeStore, session: UploadSession, bytes: number, sessionsOther: number | null) {
  const held = (await store.heldBytes(session.uploaderUid, session.id)) + (sessionsOther ?? 0);
  if (held + bytes > UPLOAD_QUOTAS.storedBytes) throw OVER_QUOTA();
}

const OVER_QUOTA = () =>
  new ApiError(
    409,
    "upload_quota_exceeded",
    `Your unregistered uploads would keep more than ${UPLOAD_QUOTAS.storedBytes / MiB} MiB; register them, or wait: the files of an upload that expired unregistered are deleted at most ${SWEPT_WITHIN_MINUTES} minutes after it expired.`,
  );

/** What the zip checks refuse, as the client's error: 400 invalid_client_zip naming the file or limit. */
async function zipChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientZipError) throw new ApiError(400, "invalid_client_zip", `Client zip: ${error.message}.`);
    throw error;
  }
}

/** The refusal of an upload attach() did not take; its files are deleted first. */
function notAttached(outcome: Exclude<AttachOutcome, "attached">): ApiError {
  if (outcome === "registered") return REGISTERED();
  if (outcome === "expired") return NOT_FOUND();
  return OVER_QUOTA();
}

/**
 * PUT /code/uploads/{secret}/client.zip and /logic.js: the files of an upload session, through
 * the Worker into R2 (CODE). The secret in the URL is the credential (like a presigned URL), so
 * these routes take no bearer token. Each PUT writes files of its own (src/publishing/code-keys.ts) and
 * then becomes the session's; a file may be sent again until the revision is registered, and a
 * PUT that finishes after the registration is refused with 409, its files dropped: a registered
 * revision never changes.
 */
export const uploadRoutes = new Hono<BackendEnv>()
  .put("/code/uploads/:secret/client.zip", bodyLimited(CODE_LIMITS.clientZipBytes, "The client zip"), async (c) => {
    const store = new CodeStore(c.env.BACKEND_DB);
    const session = await openSession(store, c.req.param("secret"));
    const zip = new Uint8Array(await c.req.arrayBuffer());
    // The body may have taken long to arrive: nothing is written for a session that expired meanwhile.
    if (session.expiresAt.getTime() <= Date.now()) throw NOT_FOUND();
    const clientZip = await zipChecked(() => readClientZip(zip));
    await checkQuota(store, session, clientZip.bytes, session.logicBytes);
    const fileSetId = await zipChecked(() => extractClientFiles(c.env.CODE, session.revisionId, clientZip));
    const outcome = await store.attach(session, {
      clientFiles: fileSetId,
      clientZipBytes: zip.byteLength,
      clientBytes: clientZip.bytes,
    });
    if (outcome !== "attached") {
      await deleteClientFileSet(c.env.CODE, session.revisionId, fileSetId);
      throw notAttached(outcome);
    }
    if (session.clientFiles) await deleteClientFileSet(c.env.CODE, session.revisionId, session.clientFiles);
    return c.json({ bytes: zip.byteLength, files: clientZip.files });
  })
  .put("/code/uploads/:secret/logic.js", bodyLimited(CODE_LIMITS.logicBytes, "logic.js"), async (c) => {
    const store = new CodeStore(c.env.BACKEND_DB);
    const session = await openSession(store, c.req.param("secret"));
    if (!session.hasLogic) {
      throw new ApiError(409, "no_logic_expected", "This upload session was started for a client-only scenario.");
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) throw new ApiError(400, "invalid_logic", "logic.js is empty.");
    try {
      new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw new ApiError(400, "invalid_logic", "logic.js must be UTF-8 JavaScript.");
    }
    await checkQuota(store, session, bytes.byteLength, session.clientBytes);
    const fileId = await stageLogic(c.env.CODE, session.revisionId, bytes);
    const outcome = await store.attach(session, { logicFile: fileId, logicBytes: bytes.byteLength });
    if (outcome !== "attached") {
      await deleteStagedLogic(c.env.CODE, session.revisionId, fileId);
      throw notAttached(outcome);
    }
    if (session.logicFile) await deleteStagedLogic(c.env.CODE, session.revisionId, session.logicFile);
    return c.json({ bytes: bytes.byteLength });
  });
