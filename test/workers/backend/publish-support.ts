import { exports } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";

export const API = "http://localhost:8787/backend";

/** The answer of POST /code/upload_sessions. */
export interface StartedUpload {
  uploadId: string;
  revisionId: string;
  clientZip: { url: string; method: string; maxBytes: number };
  logic: { url: string; method: string; maxBytes: number } | null;
}

export const scenarioId = () => `game-${crypto.randomUUID().slice(0, 8)}`;

/** A zip of the given files, as the CLI makes it (fflate). */
export const zipOf = (files: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, body]) => [name, typeof body === "string" ? strToU8(body) : body]),
    ),
  );

export function postApi(path: string, idToken: string | null, body: unknown) {
  return exports.default.fetch(`${API}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify(body),
  });
}

export const putFile = (url: string, body: BodyInit) => exports.default.fetch(url, { method: "PUT", body });

export const register = (idToken: string, uploadId: string) =>
  postApi("/code/scenario_revisions", idToken, { uploadId });

/** Starts an upload session (logic expected unless the body says otherwise). */
export async function startUpload(idToken: string, body: Record<string, unknown>): Promise<StartedUpload> {
  const res = await postApi("/code/upload_sessions", idToken, { logic: true, ...body });
  if (res.status !== 201) throw new Error(`upload_sessions: ${res.status} ${await res.text()}`);
  return res.json<StartedUpload>();
}

/** Publishes a revision through the backend's /code routes as the CLI does; returns its id. */
export async function publishRevision(
  idToken: string,
  options: { files: Record<string, string | Uint8Array>; logic: string | null; playerCount?: number; name?: string },
): Promise<string> {
  const session = await startUpload(idToken, {
    scenarioId: scenarioId(),
    logic: options.logic !== null,
    ...(options.playerCount ? { playerCount: options.playerCount } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  const uploaded = await putFile(session.clientZip.url, zipOf(options.files));
  if (uploaded.status !== 200) throw new Error(`client.zip: ${uploaded.status} ${await uploaded.text()}`);
  if (session.logic && options.logic) await putFile(session.logic.url, options.logic);
  const registered = await register(idToken, session.uploadId);
  if (registered.status !== 201) throw new Error(`scenario_revisions: ${registered.status} ${await registered.text()}`);
  return (await registered.json<{ revisionId: string }>()).revisionId;
}
