import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { configFor } from "../../../src/config";
import { codeKeys } from "../../../src/publishing/code-keys";
import { CODE_LIMITS } from "../../../src/publishing/limits";
import { identityProviderFor } from "../../../src/worker-kit/providers";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser, publishTokenIdToken } from "../auth-support";
import { connect, ROSTER } from "../rooms/support";
import { postApi as post, putFile as put, scenarioId, startUpload as start, zipOf } from "./publish-support";

const clientZip = (files: Record<string, string> = {}) =>
  zipOf({ "index.html": "<!doctype html><p>game</p>", "client.js": "1", ...files });

describe("publishing a revision through /code", () => {
  it("uploads and registers with a publish-token ID token; the room of the new revision runs the uploaded logic", async () => {
    const idToken = await publishTokenIdToken(`author-${crypto.randomUUID()}`);
    const started = await start(idToken, { scenarioId: scenarioId(), name: "Counter", playerCount: 2 });
    expect(started.clientZip.maxBytes).toBe(CODE_LIMITS.clientZipBytes);
    expect((await put(started.clientZip.url, clientZip())).status).toBe(200);
    expect((await put(started.logic?.url as string, counterSource)).status).toBe(200);
    const res = await post("/code/scenario_revisions", idToken, { uploadId: started.uploadId });
    expect(res.status).toBe(201);
    const body = await res.json<{ revisionId: string; playUrl: string; privateRoomUrl: string | null }>();
    expect(body.revisionId).toBe(started.revisionId);
    expect(body.playUrl).toBe(`http://localhost:8787/rooms/play/${started.revisionId}/`);
    expect(body.privateRoomUrl).toBe(`http://localhost:8787/rooms/lobby/${started.revisionId}/?private=1`);
    expect(await (await env.CODE.get(codeKeys.logic(body.revisionId)))?.text()).toBe(counterSource);
    const row = await env.BACKEND_DB.prepare("SELECT * FROM revisions WHERE id = ?").bind(body.revisionId).first();
    expect(row).toMatchObject({ has_logic: 1, player_count: 2, name: "Counter" });

    const alice = await connect(body.revisionId, "room-1", { seatId: "alice", players: ROSTER });
    const started1 = await alice.next("__game_start");
    expect(started1).toBeTruthy();
    const result = await alice.act("add", { n: 3 }, 1);
    expect(result.type).toBe("__action_result");
    alice.close();
  });

  it("publishes a client-only (solo) scenario: no logic.js expected or accepted", async () => {
    const user = await newUser();
    const started = await start(user.idToken, { scenarioId: scenarioId(), logic: false });
    expect(started.logic).toBeNull();
    const logicUrl = started.clientZip.url.replace(/client\.zip$/, "logic.js");
    expect((await put(logicUrl, "export default {}")).status).toBe(409);
    await put(started.clientZip.url, clientZip());
    const res = await post("/code/scenario_revisions", user.idToken, { uploadId: started.uploadId });
    expect(res.status).toBe(201);
    // A solo game has no rooms, so no private room either.
    expect(await res.json()).toMatchObject({ privateRoomUrl: null });
    expect(await env.CODE.head(codeKeys.logic(started.revisionId))).toBeNull();
  });

  it("answers 401 without an ID token", async () => {
    expect((await post("/code/upload_sessions", null, { scenarioId: "x", logic: true })).status).toBe(401);
    expect((await post("/code/scenario_revisions", null, { uploadId: "x" })).status).toBe(401);
  });

  it("keeps a scenario id to its first publisher: another account (or its publish token) gets 403", async () => {
    const owner = await newUser();
    const other = await newUser();
    const id = scenarioId();
    await start(owner.idToken, { scenarioId: id });
    await start(await publishTokenIdToken(owner.uid), { scenarioId: id });
    for (const token of [other.idToken, await publishTokenIdToken(other.uid)]) {
      const res = await post("/code/upload_sessions", token, { scenarioId: id, logic: true });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: "scenario_not_yours" });
    }
  });

  it("lets a signed-in admin publish any scenario, but not through a publish token (admin dropped)", async () => {
    const owner = await newUser();
    const id = scenarioId();
    await start(owner.idToken, { scenarioId: id });
    const idp = identityProviderFor(env, configFor(env));
    const admin = `admin-${crypto.randomUUID()}`;
    const adminIdToken = (await idp.signInWithCustomToken(await idp.createCustomToken(admin, { admin: true }))).idToken;
    expect((await post("/code/upload_sessions", adminIdToken, { scenarioId: id, logic: true })).status).toBe(201);
    const viaToken = await publishTokenIdToken(admin);
    expect((await post("/code/upload_sessions", viaToken, { scenarioId: id, logic: true })).status).toBe(403);
  });

  it("refuses someone else's upload session with 404", async () => {
    const owner = await newUser();
    const other = await newUser();
    const started = await start(owner.idToken, { scenarioId: scenarioId() });
    const res = await post("/code/scenario_revisions", other.idToken, { uploadId: started.uploadId });
    expect(res.status).toBe(404);
  });

  it("answers 409 files_missing to a registration before the files are uploaded", async () => {
    const user = await newUser();
    const started = await start(user.idToken, { scenarioId: scenarioId() });
    await put(started.clientZip.url, clientZip());
    const res = await post("/code/scenario_revisions", user.idToken, { uploadId: started.uploadId });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "files_missing", message: expect.stringContaining("logic.js") });
  });

  it("registers once: a second registration is 409, and so are uploads to its URLs", async () => {
    const user = await newUser();
    const started = await start(user.idToken, { scenarioId: scenarioId() });
    await put(started.clientZip.url, clientZip());
    await put(started.logic?.url as string, counterSource);
    expect((await post("/code/scenario_revisions", user.idToken, { uploadId: started.uploadId })).status).toBe(201);
    expect((await post("/code/scenario_revisions", user.idToken, { uploadId: started.uploadId })).status).toBe(409);
    for (const [url, body] of [
      [started.logic?.url as string, "export default {}"],
      [started.clientZip.url, clientZip({ "client.js": "2" })],
    ] as const) {
      const late = await put(url, body);
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ error: "already_registered" });
    }
    expect(await (await env.CODE.get(codeKeys.logic(started.revisionId)))?.text()).toBe(counterSource);
  });

  it("closes an expired upload session: uploads 404, registration 410", async () => {
    const user = await newUser();
    const started = await start(user.idToken, { scenarioId: scenarioId() });
    await put(started.clientZip.url, clientZip());
    await put(started.logic?.url as string, counterSource);
    await env.BACKEND_DB.prepare("UPDATE upload_sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, started.uploadId)
      .run();
    expect((await put(started.clientZip.url, clientZip())).status).toBe(404);
    const res = await post("/code/scenario_revisions", user.idToken, { uploadId: started.uploadId });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ error: "upload_expired" });
  });

  it("refuses an oversize client zip and logic.js with 413", async () => {
    const user = await newUser();
    const started = await start(user.idToken, { scenarioId: scenarioId() });
    const big = new Uint8Array(CODE_LIMITS.clientZipBytes + 1);
    const zipRes = await put(started.clientZip.url, big);
    expect(zipRes.status).toBe(413);
    expect(await zipRes.json()).toMatchObject({ error: "payload_too_large" });
    const logicRes = await put(started.logic?.url as string, "x".repeat(CODE_LIMITS.logicBytes + 1));
    expect(logicRes.status).toBe(413);
  });

  it.each([
    ["not a zip", strToU8("hello")],
    ["a zip without index.html", zipSync({ "game.html": strToU8("x") })],
    ["a zip with a path outside its root", zipSync({ "index.html": strToU8("x"), "../escape.js": strToU8("x") })],
  ])("refuses %s with 400 invalid_client_zip", async (_, zip) => {
    const user = await newUser();
    const started = await start(user.idToken, { scenarioId: scenarioId() });
    const res = await put(started.clientZip.url, zip);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_client_zip" });
  });

  it("answers 400 to a bad upload request, 413 to an oversized one", async () => {
    const user = await newUser();
    const res = await post("/code/upload_sessions", user.idToken, { scenarioId: "../x", logic: true });
    expect(res.status).toBe(400);
    const big = await post("/code/upload_sessions", user.idToken, {
      scenarioId: "x",
      logic: true,
      pad: "x".repeat(20_000),
    });
    expect(big.status).toBe(413);
  });
});
