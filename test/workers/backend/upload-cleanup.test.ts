import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import devBuild from "../../../platform/index";
import production from "../../../platform/production";
import { codeKeys } from "../../../src/publishing/code-keys";
import { CodeStore } from "../../../workers/backend/code/code-store";
import { cleanUpUploads, UPLOAD_CLEANUP } from "../../../workers/backend/code/upload-cleanup";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { hostedBindings } from "../hosted-build";
import { putFile, register, type StartedUpload, scenarioId, startUpload, zipOf } from "./publish-support";

const ROOMS = "http://localhost:8787/rooms";
const CRON = "*/10 * * * *";

/** One run of the Worker's cron at `scheduledTime`, through the dev build's scheduled handler (or the given build's). */
async function cronAt(scheduledTime: number, build: ExportedHandler<Env> = devBuild, bindings: Env = env) {
  await build.scheduled?.(createScheduledController({ scheduledTime, cron: CRON }), bindings, createExecutionContext());
}

const keysOf = async (revisionId: string) =>
  (await env.CODE.list({ prefix: codeKeys.revision(revisionId) })).objects.map((object) => object.key).sort();

/** A session with a client zip and logic.js uploaded, and the time its grace after expiry ends. */
async function uploaded(): Promise<{ idToken: string; uid: string; started: StartedUpload; sweepableAt: number }> {
  const { idToken, uid } = await newUser();
  const started = await startUpload(idToken, { scenarioId: scenarioId() });
  expect((await putFile(started.clientZip.url, zipOf({ "index.html": "<p>v1</p>", "a.js": "1" }))).status).toBe(200);
  expect((await putFile(started.logic?.url as string, counterSource)).status).toBe(200);
  const session = await new CodeStore(env.BACKEND_DB).session(started.uploadId);
  if (!session) throw new Error("the upload session is gone");
  return { idToken, uid, started, sweepableAt: session.expiresAt.getTime() + UPLOAD_CLEANUP.graceMs };
}

describe("the upload cleanup on the Worker's cron", () => {
  it("deletes what an upload that expired unregistered left, at the first run after its grace, once", async () => {
    const { uid, started, sweepableAt } = await uploaded();
    const files = await keysOf(started.revisionId);
    expect(files).toHaveLength(3);
    const store = (now: number) => new CodeStore(env.BACKEND_DB, () => now);
    expect(await store(sweepableAt).heldBytes(uid, "")).toBeGreaterThan(0);

    await cronAt(Date.now());
    await cronAt(sweepableAt - 1);
    expect(await keysOf(started.revisionId)).toEqual(files);

    await cronAt(sweepableAt);
    expect(await keysOf(started.revisionId)).toEqual([]);
    // Its bytes no longer count against its uploader's quota, and it is not swept again.
    expect(await store(sweepableAt).heldBytes(uid, "")).toBe(0);
    expect(await store(sweepableAt + 1).sessionsToSweep(UPLOAD_CLEANUP.graceMs, 10)).toEqual([]);
  });

  it("keeps what a registered revision serves and deletes stray file sets and staged logic (prd build)", async () => {
    const { idToken, started, sweepableAt } = await uploaded();
    expect((await register(idToken, started.uploadId)).status).toBe(201);
    const served = await keysOf(started.revisionId);
    // What a PUT that died half-way leaves: a client file set and a staged logic.js nothing points at.
    await env.CODE.put(codeKeys.clientFile(started.revisionId, "stray", "index.html"), "<p>stray</p>");
    await env.CODE.put(codeKeys.stagedLogic(started.revisionId, "stray"), "export default {}");

    await cronAt(sweepableAt, production, hostedBindings("prd"));
    expect(await keysOf(started.revisionId)).toEqual(served);
    const page = await exports.default.fetch(`${ROOMS}/play/${started.revisionId}/index.html`);
    expect(await page.text()).toContain("<p>v1</p>");
  });

  it("keeps the files a registration that stopped half-way claimed: the next try finishes it", async () => {
    const { idToken, started, sweepableAt } = await uploaded();
    await new CodeStore(env.BACKEND_DB).claim(started.uploadId);
    const claimed = await keysOf(started.revisionId);

    await cronAt(sweepableAt);
    expect(await keysOf(started.revisionId)).toEqual(claimed);
    expect((await register(idToken, started.uploadId)).status).toBe(201);
    const page = await exports.default.fetch(`${ROOMS}/play/${started.revisionId}/index.html`);
    expect(await page.text()).toContain("<p>v1</p>");
  });

  it("stops a run before its budget of calls and goes on in the next", async () => {
    const uploads = [await uploaded(), await uploaded(), await uploaded()];
    const now = Math.max(...uploads.map((upload) => upload.sweepableAt));
    const store = new CodeStore(env.BACKEND_DB, () => now);
    const limits = { graceMs: UPLOAD_CLEANUP.graceMs, sessionsPerRun: UPLOAD_CLEANUP.sessionsPerRun, callsPerRun: 5 };
    const runs = [];
    for (let run = await cleanUpUploads(env.CODE, store, limits); run.sessions > 0; ) {
      runs.push(run);
      run = await cleanUpUploads(env.CODE, store, limits);
    }
    expect(runs.map((run) => run.sessions)).toEqual([1, 1, 1]);
    expect(runs.every((run) => run.calls <= limits.callsPerRun)).toBe(true);
    for (const { started } of uploads) expect(await keysOf(started.revisionId)).toEqual([]);
  });
});
