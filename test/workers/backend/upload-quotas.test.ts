import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { UPLOAD_QUOTAS } from "../../../src/publishing/limits";
import { CodeStore } from "../../../workers/backend/code/code-store";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { postApi, putFile, register, scenarioId, startUpload, zipOf } from "./publish-support";

const MiB = 1024 * 1024;
const start = (idToken: string) => postApi("/code/upload_sessions", idToken, { scenarioId: scenarioId(), logic: true });

/** About 100 KB of zip that keeps `mib` MiB in R2 once extracted: the files are zeros. */
const zerosZip = (mib: number) =>
  zipOf({
    "index.html": "<!doctype html><p>game</p>",
    ...Object.fromEntries(
      Array.from({ length: Math.ceil(mib / 25) }, (_, i) => [
        `z${i}.bin`,
        new Uint8Array(Math.min(25, mib - 25 * i) * MiB),
      ]),
    ),
  });

const keysOf = async (revisionId: string) =>
  (await env.CODE.list({ prefix: `${revisionId}/` })).objects.map((object) => object.key);

describe("open upload sessions per account", () => {
  it(`starts ${UPLOAD_QUOTAS.openSessions}, then answers 429 with Retry-After until one is registered or expires`, async () => {
    const { idToken } = await newUser();
    const started = [];
    for (let i = 0; i < UPLOAD_QUOTAS.openSessions; i++)
      started.push(await startUpload(idToken, { scenarioId: scenarioId() }));
    const refused = await start(idToken);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "too_many_open_uploads" });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not held back.
    expect((await start((await newUser()).idToken)).status).toBe(201);

    const [first, second] = started;
    if (!first || !second) throw new Error("no sessions started");
    await putFile(first.clientZip.url, zerosZip(1));
    await putFile(first.logic?.url as string, counterSource);
    expect((await register(idToken, first.uploadId)).status).toBe(201);
    expect((await start(idToken)).status).toBe(201);
    expect((await start(idToken)).status).toBe(429);

    await env.BACKEND_DB.prepare("UPDATE upload_sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, second.uploadId)
      .run();
    expect((await start(idToken)).status).toBe(201);
  });

  it("counts sessions started at the same moment one at a time", async () => {
    const { idToken } = await newUser();
    const answers = await Promise.all(Array.from({ length: 3 * UPLOAD_QUOTAS.openSessions }, () => start(idToken)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(UPLOAD_QUOTAS.openSessions);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * UPLOAD_QUOTAS.openSessions);
  });
});

describe("bytes an account's unregistered uploads keep in R2", () => {
  it("refuses the upload that would pass the quota before extracting it: 100 KB zips of 99 MiB each", {
    timeout: 120_000,
  }, async () => {
    const { idToken } = await newUser();
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await startUpload(idToken, { scenarioId: scenarioId() }));
    const [a, b, c] = sessions;
    if (!a || !b || !c) throw new Error("no sessions started");
    const zip = zerosZip(99);
    expect(zip.byteLength).toBeLessThan(200_000);
    expect((await putFile(a.clientZip.url, zip)).status).toBe(200);
    expect((await putFile(b.clientZip.url, zip)).status).toBe(200);
    const refused = await putFile(c.clientZip.url, zip);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "upload_quota_exceeded" });
    expect(await keysOf(c.revisionId)).toEqual([]);
    // Sending a session's zip again replaces its files: they are not counted twice.
    expect((await putFile(b.clientZip.url, zip)).status).toBe(200);
    // A registered upload's files are its revision's and no longer count.
    await putFile(a.logic?.url as string, counterSource);
    expect((await register(idToken, a.uploadId)).status).toBe(201);
    expect((await putFile(c.clientZip.url, zip)).status).toBe(200);
  });

  it("is held by attach() itself, for uploads that passed the check before either was attached", async () => {
    const { idToken, uid } = await newUser();
    const held = await startUpload(idToken, { scenarioId: scenarioId() });
    const late = await startUpload(idToken, { scenarioId: scenarioId() });
    // As if `held` had attached 200 MiB while `late` was extracting.
    await env.BACKEND_DB.prepare("UPDATE upload_sessions SET client_bytes = ? WHERE id = ? AND uploader_uid = ?")
      .bind(200 * MiB, held.uploadId, uid)
      .run();
    const store = new CodeStore(env.BACKEND_DB);
    const session = await store.session(late.uploadId);
    if (!session) throw new Error("the upload session is gone");
    const room = UPLOAD_QUOTAS.storedBytes - 200 * MiB;
    const clientFiles = (bytes: number) => ({ clientFiles: "set", clientZipBytes: 1, clientBytes: bytes });
    expect(await store.attach(session, clientFiles(room + 1))).toBe("over_quota");
    expect(await store.attach(session, clientFiles(room))).toBe("attached");
    expect(await store.attach(session, { logicFile: "staged", logicBytes: 1 })).toBe("over_quota");
  });
});
