import { Hono } from "hono";
import { z } from "zod";
import { urlFor } from "../../../src/base-url";
import { ApiError } from "../../shared/errors";
import { jsonInput, smallJsonBody } from "../../shared/json-input";
import { authenticate, type BackendEnv, requestUser } from "../auth";
import { CodeStore, codeKeys } from "../code/code-store";

const registerRequest = z.object({ uploadId: z.string().min(1).max(64) });

/**
 * POST /code/scenario_revisions (publish tokens allowed): registers the revision of an upload
 * session once its files are in R2. From then on a room of that revision runs its logic.js and
 * {ROOMS_URL}/play/{revisionId}/ serves its client.
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
    if (session.completedAt) throw new ApiError(409, "already_registered", "This upload is registered already.");
    if (session.expiresAt.getTime() <= Date.now()) {
      throw new ApiError(410, "upload_expired", "This upload session has expired; start a new one.");
    }
    const clientZip = await c.env.CODE.head(codeKeys.clientZip(session.revisionId));
    const logic = session.hasLogic ? await c.env.CODE.head(codeKeys.logic(session.revisionId)) : null;
    if (!clientZip || (session.hasLogic && !logic)) {
      const missing = [!clientZip && "client.zip", session.hasLogic && !logic && "logic.js"].filter(Boolean);
      throw new ApiError(409, "files_missing", `Upload ${missing.join(" and ")} before registering the revision.`);
    }
    const revision = await store.register(session, {
      clientZipBytes: clientZip.size,
      logicBytes: logic?.size ?? null,
    });
    if (!revision) throw new ApiError(409, "already_registered", "This upload is registered already.");
    return c.json(
      {
        revisionId: revision.id,
        scenarioId: revision.scenarioId,
        playUrl: urlFor(c.get("config").apps.rooms, `/play/${revision.id}/`),
      },
      201,
    );
  },
);
