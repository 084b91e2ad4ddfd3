import { exports } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";

const API = "http://localhost:8787/backend";

/** Publishes a revision through the backend's /code routes as the CLI does; returns its id. */
export async function publishRevision(
  idToken: string,
  options: { files: Record<string, string>; logic: string | null; playerCount?: number; name?: string },
): Promise<string> {
  const call = (path: string, body: unknown) =>
    exports.default.fetch(`${API}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    });
  const started = await call("/code/upload_sessions", {
    scenarioId: `game-${crypto.randomUUID().slice(0, 8)}`,
    logic: options.logic !== null,
    ...(options.playerCount ? { playerCount: options.playerCount } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  if (started.status !== 201) throw new Error(`upload_sessions: ${started.status} ${await started.text()}`);
  const session = await started.json<{ uploadId: string; clientZip: { url: string }; logic: { url: string } | null }>();
  const zip = zipSync(Object.fromEntries(Object.entries(options.files).map(([name, text]) => [name, strToU8(text)])));
  await exports.default.fetch(session.clientZip.url, { method: "PUT", body: zip });
  if (session.logic && options.logic) {
    await exports.default.fetch(session.logic.url, { method: "PUT", body: options.logic });
  }
  const registered = await call("/code/scenario_revisions", { uploadId: session.uploadId });
  if (registered.status !== 201) throw new Error(`scenario_revisions: ${registered.status} ${await registered.text()}`);
  return (await registered.json<{ revisionId: string }>()).revisionId;
}
