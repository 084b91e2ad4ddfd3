import { Hono } from "hono";
import { z } from "zod";
import { urlFor } from "../../../src/base-url";
import { RATE_LIMITS } from "../../../src/config/rate-limits";
import { MAX_SEATS } from "../../../src/engine/roster";
import { CODE_LIMITS, UPLOAD_QUOTAS } from "../../../src/publishing/limits";
import { ApiError, errorResponse } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { rateLimited } from "../../../src/worker-kit/rate-limit";
import { authenticate, type BackendEnv, requestUser } from "../auth";
import { freeRevisionId } from "../code/code-files";
import { CodeStore } from "../code/code-store";

const uploadRequest = z.object({
  /** The manifest's id: the scenario this revision belongs to. */
  scenarioId: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "must be letters, digits, '.', '_' or '-'"),
  name: z.string().trim().max(200).optional(),
  playerCount: z.number().int().min(1).max(MAX_SEATS).optional(),
  /** false for a solo scenario (no serverActionLogicPath): the upload has no logic.js. */
  logic: z.boolean(),
});

/**
 * POST /code/upload_sessions (publish tokens allowed): starts an upload of a revision of a
 * scenario the caller owns, or of a new scenario id (which the caller then owns). Answers with
 * the URLs to PUT the client zip and logic.js to; they carry a secret and work for 15 minutes.
 * Rate-limited per user, a publish token's issuer counted as the user (429 `rate_limited`), and
 * an account has at most UPLOAD_QUOTAS.openSessions sessions open (neither registered nor
 * expired): past that, 429 with Retry-After until its oldest one expires.
 */
export const uploadSessionRoutes = new Hono<BackendEnv>().post(
  "/code/upload_sessions",
  authenticate({ required: true, publishTokens: "allow" }),
  rateLimited<BackendEnv>(RATE_LIMITS.uploadSessions, (c) => requestUser(c).uid),
  smallJsonBody,
  async (c) => {
    const user = requestUser(c);
    const body = await jsonInput(c.req.raw, uploadRequest);
    const store = new CodeStore(c.env.BACKEND_DB);
    const owner = await store.claimScenario(body.scenarioId, user.uid);
    if (owner !== user.uid && !user.admin) {
      throw new ApiError(403, "scenario_not_yours", `Scenario ${body.scenarioId} belongs to another account.`);
    }
    const started = await store.startUpload(
      {
        scenarioId: body.scenarioId,
        uploaderUid: user.uid,
        name: body.name ?? null,
        playerCount: body.playerCount ?? null,
        hasLogic: body.logic,
      },
      await freeRevisionId(c.env.CODE, body.scenarioId),
    );
    if ("refusedUntil" in started) return tooManyOpenUploads(started.refusedUntil);
    const { session, secret } = started;
    const api = c.get("config").apps.backend;
    const upload = (file: string) => urlFor(api, `/code/uploads/${secret}/${file}`);
    c.header("cache-control", "no-store");
    return c.json(
      {
        uploadId: session.id,
        revisionId: session.revisionId,
        expiresAt: session.expiresAt.toISOString(),
        clientZip: { method: "PUT", url: upload("client.zip"), maxBytes: CODE_LIMITS.clientZipBytes },
        logic: body.logic ? { method: "PUT", url: upload("logic.js"), maxBytes: CODE_LIMITS.logicBytes } : null,
      },
      201,
    );
  },
);

function tooManyOpenUploads(until: Date): Response {
  const response = errorResponse(
    429,
    "too_many_open_uploads",
    `You have ${UPLOAD_QUOTAS.openSessions} upload sessions open; register one, or start again when the oldest expires (${until.toISOString()}).`,
  );
  response.headers.set("retry-after", String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))));
  return response;
}
