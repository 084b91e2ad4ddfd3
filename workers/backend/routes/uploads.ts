import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ClientZipError, inspectClientZip } from "../../../src/code/client-zip";
import { CODE_LIMITS } from "../../../src/code/limits";
import { ApiError, errorResponse } from "../../shared/errors";
import type { BackendEnv } from "../auth";
import { CodeStore, codeKeys, type UploadSession } from "../code/code-store";

function limited(maxSize: number, what: string) {
  return bodyLimit({
    maxSize,
    onError: () => errorResponse(413, "payload_too_large", `${what} must be at most ${maxSize} bytes.`),
  });
}

async function openSession(c: { env: Env; req: { param: (name: "secret") => string } }): Promise<UploadSession> {
  const session = await new CodeStore(c.env.BACKEND_DB).openSessionBySecret(c.req.param("secret"));
  if (!session) {
    throw new ApiError(404, "upload_not_found", "This upload URL is unknown, expired or already registered.");
  }
  return session;
}

/**
 * PUT /code/uploads/{secret}/client.zip and /logic.js: the files of an upload session, through
 * the Worker into R2 (CODE). The secret in the URL is the credential (like a presigned URL), so
 * these routes take no bearer token. A file may be sent again until the revision is registered.
 */
export const uploadRoutes = new Hono<BackendEnv>()
  .put("/code/uploads/:secret/client.zip", limited(CODE_LIMITS.clientZipBytes, "The client zip"), async (c) => {
    const session = await openSession(c);
    const zip = new Uint8Array(await c.req.arrayBuffer());
    let files: string[];
    try {
      files = inspectClientZip(zip);
    } catch (error) {
      if (error instanceof ClientZipError)
        throw new ApiError(400, "invalid_client_zip", `Client zip: ${error.message}.`);
      throw error;
    }
    await c.env.CODE.put(codeKeys.clientZip(session.revisionId), zip, {
      httpMetadata: { contentType: "application/zip" },
    });
    return c.json({ bytes: zip.byteLength, files: files.length });
  })
  .put("/code/uploads/:secret/logic.js", limited(CODE_LIMITS.logicBytes, "logic.js"), async (c) => {
    const session = await openSession(c);
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
    await c.env.CODE.put(codeKeys.logic(session.revisionId), bytes, {
      httpMetadata: { contentType: "text/javascript; charset=utf-8" },
    });
    return c.json({ bytes: bytes.byteLength });
  });
