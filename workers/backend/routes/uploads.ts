import { Hono } from "hono";
import { ClientZipError, readClientZip } from "../../../src/publishing/client-zip";
import { CODE_LIMITS } from "../../../src/publishing/limits";
import { ApiError } from "../../../src/worker-kit/errors";
import { bodyLimited } from "../../../src/worker-kit/input";
import type { BackendEnv } from "../auth";
import { deleteClientFileSet, deleteStagedLogic, extractClientFiles, stageLogic } from "../code/code-files";
import { CodeStore, type UploadSession } from "../code/code-store";

const REGISTERED = () =>
  new ApiError(
    409,
    "already_registered",
    "This upload is registered already and its revision never changes; start a new upload session.",
  );

async function openSession(store: CodeStore, secret: string): Promise<UploadSession> {
  const session = await store.sessionBySecret(secret);
  if (!session) throw new ApiError(404, "upload_not_found", "This upload URL is unknown or expired.");
  if (session.completedAt) throw REGISTERED();
  return session;
}

/** What the zip checks refuse, as the client's error: 400 invalid_client_zip naming the file or limit. */
async function zipChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientZipError) throw new ApiError(400, "invalid_client_zip", `Client zip: ${error.message}.`);
    throw error;
  }
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
    const clientZip = await zipChecked(() => readClientZip(zip));
    const fileSetId = await zipChecked(() => extractClientFiles(c.env.CODE, session.revisionId, clientZip));
    const attached = await store.attach(session.id, {
      clientFiles: fileSetId,
      clientZipBytes: zip.byteLength,
    });
    if (!attached) {
      await deleteClientFileSet(c.env.CODE, session.revisionId, fileSetId);
      throw REGISTERED();
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
    const fileId = await stageLogic(c.env.CODE, session.revisionId, bytes);
    if (!(await store.attach(session.id, { logicFile: fileId, logicBytes: bytes.byteLength }))) {
      await deleteStagedLogic(c.env.CODE, session.revisionId, fileId);
      throw REGISTERED();
    }
    if (session.logicFile) await deleteStagedLogic(c.env.CODE, session.revisionId, session.logicFile);
    return c.json({ bytes: bytes.byteLength });
  });
