import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { codeKeys } from "../../../src/publishing/code-keys";
import { CodeStore } from "../../../workers/backend/code/code-store";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { ROOMS } from "../rooms/support";
import { putFile, register, type StartedUpload, scenarioId, startUpload, zipOf } from "./publish-support";

/** A request body that sends its first bytes at once and the rest only when released. */
function heldBody(bytes: Uint8Array) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(bytes.slice(0, 16));
        return;
      }
      await released;
      controller.enqueue(bytes.slice(16));
      controller.close();
    },
  });
  return { body, release };
}

async function uploadedV1(): Promise<{ idToken: string; started: StartedUpload }> {
  const { idToken } = await newUser();
  const started = await startUpload(idToken, { scenarioId: scenarioId() });
  expect((await putFile(started.clientZip.url, zipOf({ "index.html": "<p>v1</p>" }))).status).toBe(200);
  expect((await putFile(started.logic?.url as string, counterSource)).status).toBe(200);
  return { idToken, started };
}

describe("a registered revision never changes", () => {
  it("refuses with 409 a client zip PUT that finishes after the registration; the revision keeps serving v1", async () => {
    const { idToken, started } = await uploadedV1();
    const v2 = heldBody(zipOf({ "index.html": "<p>v2</p>" }));
    const slow = putFile(started.clientZip.url, v2.body);
    expect((await register(idToken, started.uploadId)).status).toBe(201);
    v2.release();
    const late = await slow;
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "already_registered" });
    const page = await exports.default.fetch(`${ROOMS}/play/${started.revisionId}/index.html`);
    expect(await page.text()).toContain("<p>v1</p>");
    const clientKeys = (await env.CODE.list({ prefix: `${started.revisionId}/client/` })).objects;
    expect(clientKeys).toHaveLength(1);
  });

  it("refuses with 409 a logic.js PUT that finishes after the registration; rooms keep running v1", async () => {
    const { idToken, started } = await uploadedV1();
    const v2 = heldBody(new TextEncoder().encode("export default { setup() { return { v: 2 }; } };"));
    const slow = putFile(started.logic?.url as string, v2.body);
    expect((await register(idToken, started.uploadId)).status).toBe(201);
    v2.release();
    const late = await slow;
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "already_registered" });
    expect(await (await env.CODE.get(codeKeys.logic(started.revisionId)))?.text()).toBe(counterSource);
    expect((await env.CODE.list({ prefix: `${started.revisionId}/staged/` })).objects).toEqual([]);
  });

  it("registers exactly the files attached before the session was claimed; none attach after", async () => {
    const { started } = await uploadedV1();
    const store = new CodeStore(env.BACKEND_DB);
    const before = await store.session(started.uploadId);
    if (!before) throw new Error("the upload session is gone");
    const claimed = await store.claim(started.uploadId);
    expect(claimed).toMatchObject({ clientFiles: before.clientFiles, logicFile: before.logicFile });
    const late = { clientFiles: "late", clientZipBytes: 1, clientBytes: 1 };
    expect(await store.attach(before, late)).toBe("registered");
    expect(await store.attach(before, { logicFile: "late", logicBytes: 1 })).toBe("registered");
    expect(await store.claim(started.uploadId)).toBeNull();
    expect(await store.session(started.uploadId)).toMatchObject({ clientFiles: before.clientFiles });
  });

  it("finishes a registration that stopped after claiming the session; a second one is 409", async () => {
    const { idToken, started } = await uploadedV1();
    await new CodeStore(env.BACKEND_DB).claim(started.uploadId);
    expect(await env.CODE.head(codeKeys.logic(started.revisionId))).toBeNull();
    expect((await register(idToken, started.uploadId)).status).toBe(201);
    expect(await (await env.CODE.get(codeKeys.logic(started.revisionId)))?.text()).toBe(counterSource);
    const page = await exports.default.fetch(`${ROOMS}/play/${started.revisionId}/index.html`);
    expect(await page.text()).toContain("<p>v1</p>");
    expect((await register(idToken, started.uploadId)).status).toBe(409);
  });

  it("drops the files a replaced upload wrote: a session keeps one client file set and one staged logic.js", async () => {
    const { idToken, started } = await uploadedV1();
    await putFile(started.clientZip.url, zipOf({ "index.html": "<p>v2</p>" }));
    await putFile(started.logic?.url as string, counterSource);
    const keys = async (folder: string) =>
      (await env.CODE.list({ prefix: `${started.revisionId}/${folder}/` })).objects.map((o) => o.key);
    expect(await keys("client")).toHaveLength(1);
    expect(await keys("staged")).toHaveLength(1);
    expect((await register(idToken, started.uploadId)).status).toBe(201);
    expect(await keys("staged")).toEqual([]);
    const page = await exports.default.fetch(`${ROOMS}/play/${started.revisionId}/index.html`);
    expect(await page.text()).toContain("<p>v2</p>");
  });
});
