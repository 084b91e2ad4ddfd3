/**
 * The HTTP calls of `scenario publish`: token exchange (RFC 8693) at the sign-in service, then
 * upload session, uploads and registration at the backend. Every failure is a PublishError whose
 * message says what to do.
 */

export class PublishError extends Error {
  override name = "PublishError";
}

const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const PUBLISH_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";

export interface UploadSession {
  uploadId: string;
  revisionId: string;
  clientZip: { url: string; maxBytes: number };
  logic: { url: string; maxBytes: number } | null;
}

export interface Registered {
  revisionId: string;
  playUrl: string;
  /** A private room's lobby (absent from a platform before quick play, null for a solo game). */
  privateRoomUrl?: string | null;
}

/** Bytes sent so far of one upload. */
export type Progress = (sent: number, total: number) => void;

const UNREACHABLE_HINT =
  "Is the platform running there? For another port or platform, pass --platform <its URL> (the publish-token page's npx scenario login line has it).";

/** fetch, with a failure to connect as a PublishError that names the origin and what to check. */
export async function call(what: string, url: string, init: RequestInit, hint = UNREACHABLE_HINT): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new PublishError(`${what}: could not reach ${new URL(url).origin} (${cause})\n  ${hint}`);
  }
}

async function failure(what: string, res: Response, hint = ""): Promise<PublishError> {
  const text = await res.text();
  let detail = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as { error?: string; message?: string; error_description?: string };
    detail = `${body.error ?? ""}${body.error ? ": " : ""}${body.error_description ?? body.message ?? ""}`;
  } catch {}
  return new PublishError(`${what} failed (HTTP ${res.status}) ${detail}${hint ? `\n  ${hint}` : ""}`.trim());
}

/** The publish token's ID token (claim publish_token: true), by RFC 8693 token exchange. */
export async function exchangePublishToken(authUrl: string, token: string): Promise<string> {
  const res = await call("Token exchange", `${authUrl}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: token,
      subject_token_type: PUBLISH_TOKEN_TYPE,
    }),
  });
  if (!res.ok) {
    const hint =
      res.status === 400
        ? `The publish token was refused (unknown, revoked or mistyped): create one at ${authUrl}/publish-tokens`
        : "";
    throw await failure("Token exchange", res, hint);
  }
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new PublishError("Token exchange answered without an access_token");
  return body.access_token;
}

function authHint(status: number): string {
  if (status === 401) return "The ID token was refused: check the publish token and the --auth-url/--api-url pair.";
  if (status === 403) return "This account may not publish this scenario id (it belongs to another account).";
  return "";
}

export async function startUpload(
  apiUrl: string,
  idToken: string,
  request: { scenarioId: string; name?: string; playerCount?: number; logic: boolean },
): Promise<UploadSession> {
  const res = await call("Starting the upload", `${apiUrl}/code/upload_sessions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify(request),
  });
  if (res.status !== 201) throw await failure("Starting the upload", res, authHint(res.status));
  return (await res.json()) as UploadSession;
}

/** PUTs bytes in 64 KiB chunks, reporting each chunk as the connection takes it. */
export async function upload(what: string, url: string, bytes: Uint8Array, progress: Progress): Promise<void> {
  const chunk = 64 * 1024;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      const next = bytes.subarray(offset, Math.min(offset + chunk, bytes.byteLength));
      offset += next.byteLength;
      controller.enqueue(next);
      progress(offset, bytes.byteLength);
    },
  });
  const res = await call(`Uploading ${what}`, url, {
    method: "PUT",
    headers: { "content-length": String(bytes.byteLength) },
    body,
    duplex: "half",
  } as RequestInit);
  if (!res.ok) throw await failure(`Uploading ${what}`, res);
}

export async function register(apiUrl: string, idToken: string, uploadId: string): Promise<Registered> {
  const res = await call("Registering the revision", `${apiUrl}/code/scenario_revisions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ uploadId }),
  });
  if (res.status !== 201) throw await failure("Registering the revision", res, authHint(res.status));
  return (await res.json()) as Registered;
}
