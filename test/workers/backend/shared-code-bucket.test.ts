import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { codeKeys } from "../../../src/publishing/code-keys";
import { freeRevisionId } from "../../../workers/backend/code/code-files";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { putFile, register, scenarioId, startUpload, zipOf } from "./publish-support";

// Every environment keeps its logic files in the one CODE bucket (document 3), and each mints its
// revision ids alone: what another environment stored there is never written over.

const OTHER_ENVIRONMENTS_LOGIC = "export default { setup() { return { from: 'prd' }; } };";

async function uploaded() {
  const { idToken } = await newUser();
  const started = await startUpload(idToken, { scenarioId: scenarioId() });
  expect((await putFile(started.clientZip.url, zipOf({ "index.html": "<p>stg</p>" }))).status).toBe(200);
  expect((await putFile(started.logic?.url as string, counterSource)).status).toBe(200);
  return { idToken, started };
}

describe("the code bucket shared across environments", () => {
  it("refuses to register a revision whose logic.js another environment already stores, and leaves that file as it was", async () => {
    const { idToken, started } = await uploaded();
    const key = codeKeys.logic(started.revisionId);
    await env.CODE.put(key, OTHER_ENVIRONMENTS_LOGIC);

    const refused = await register(idToken, started.uploadId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "revision_logic_exists" });
    expect(await (await env.CODE.get(key))?.text()).toBe(OTHER_ENVIRONMENTS_LOGIC);
  });

  it("finishes a registration that stopped after writing its own logic.js (the same bytes)", async () => {
    const { idToken, started } = await uploaded();
    await env.CODE.put(codeKeys.logic(started.revisionId), counterSource);
    expect((await register(idToken, started.uploadId)).status).toBe(201);
  });

  it("mints a revision id under which the bucket holds nothing yet", async () => {
    const taken = `game-taken-${crypto.randomUUID().slice(0, 8)}`;
    await env.CODE.put(`${taken}/client/abc/index.html`, "<p>another environment's</p>");
    const ids = [taken, `game-free-${crypto.randomUUID().slice(0, 8)}`];
    expect(await freeRevisionId(env.CODE, "game", () => ids.shift() as string)).toMatch(/^game-free-/);
    await expect(freeRevisionId(env.CODE, "game", () => taken)).rejects.toMatchObject({
      status: 503,
      code: "revision_id_unavailable",
    });
  });
});
