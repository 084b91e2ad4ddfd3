import { Hono } from "hono";
import { z } from "zod";
import { urlFor } from "../../../src/base-url";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { authenticate, type BackendEnv, requestUser } from "../auth";
import { deleteStagedLogic, publishLogic } from "../code/code-files";
import { CodeStore, type UploadSession } from "../code/code-store";

const registerRequest = z.object({ uploadId: z.string().min(1).max(64) });

const REGISTERED = () => new ApiError(409, "already_registered", "This upload is registered already.");

/**
 * POST /code/scenario_revisions (publish tokens allowed): registers the revision of an upload
 * session once its files are uploaded. It claims the session first, taking the files attached at
 * that moment (a PUT still in flight is then refused, uploads.ts), copies the staged logic.js to
 * `{revisionId}/logic.js` and writes the revision, which serves the session's client file set.
 * From then on a room of that revision runs its logic.js and {ROOMS_URL}/play/{revisionId}/
 * serves its client; neither ever changes.
 */
export const scenarioRevisionRoutes = new Hono<BackendEnv>().post(
  "/code/scenario_revisions",
  authenticate({ required: true, publishTokens: "allow" }),
  smallJsonBody,
  async (c) => {
    const user = requestUser(c);
    const { uploadId } = await jsonInput(c.req.raw, registerRequest);
    const store = new CodeStore(c.env.BACKEND_DB);
    const session = await store.session(uploadId);
    if (!session || session.uploaderUid !== user.uid) {
      throw new ApiError(404, "upload_not_found", "You have no upload session with this id.");
    }
    if (await store.revision(session.revisionId)) throw REGISTERED();
    // A session claimed without its revision written (a registration that stopped half-way, or
    // one running right now) is finished again: its files no longer change and both steps repeat
    // harmlessly.
    const claimed = session.completedAt ? session : await claim(store, session);
    const revision = await finish(c.env.CODE, store, claimed);
    const rooms = c.get("config").apps.rooms;
    return c.json(
      {
        revisionId: revision.id,
        scenarioId: revision.scenarioId,
        // The link to share: quick play seats everyone who opens it in an open room.
        playUrl: urlFor(rooms, `/play/${revision.id}/`),
        // A room only its own link reaches; a solo game has no rooms.
        privateRoomUrl: claimed.hasLogic ? urlFor(rooms, `/lobby/${revision.id}/?private=1`) : null,
      },
      201,
    );
  },
);

async function claim(store: CodeStore, session: UploadSession): Promise<UploadSession> {
  if (session.expiresAt.getTime() <= Date.now()) {
    throw new ApiError(410, "upload_expired", "This upload session has expired; start a new one.");
  }
  const missing = [
    ...(session.clientFiles ? [] : ["client.zip"]),
    ...(session.hasLogic && !session.logicFile ? ["logic.js"] : []),
  ];
  if (missing.length > 0) {
    throw new ApiError(409, "files_missing", `Upload ${missing.join(" and ")} before registering the revision.`);
  }
  return (await store.claim(session.id)) ?? (await store.session(session.id)) ?? session;
}

async function finish(bucket: R2Bucket, store: CodeStore, claimed: UploadSession) {
  const { clientFiles, clientZipBytes, logicFile } = claimed;
  // claim() only takes a session with its files attached, and attached files are never detached.
  if (!clientFiles || clientZipBytes === null || (claimed.hasLogic && !logicFile)) {
    throw new Error(`Upload ${claimed.id} was claimed without its files`);
  }
  if (logicFile && !(await publishLogic(bucket, claimed.revisionId, logicFile))) throw REGISTERED();
  const revision = await store.addRevision({ ...claimed, clientFiles, clientZipBytes });
  if (!revision) throw REGISTERED();
  if (logicFile) await deleteStagedLogic(bucket, claimed.revisionId, logicFile);
  return revision;
}
