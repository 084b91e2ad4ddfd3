import { env, exports } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { codeKeys } from "../../../src/publishing/code-keys";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import { ROOMS } from "./support";

const FILES = {
  "index.html":
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="client.js"></script></body></html>',
  "client.js": 'import { startGame } from "/sdk.js";',
  "style.css": "body{}",
  "art/logo.svg": "<svg/>",
  "page.html": "<!doctype html><title>t</title><script type=module src=client.js></script>",
};

/** Bytes of every value, so a file served byte for byte is told from a re-encoded one. */
const BINARY = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7 + (index >> 8)) % 256);

/** The sandbox of every response under /play/{revisionId}/: no allow-same-origin, so an opaque origin. */
const SANDBOX = "sandbox allow-scripts allow-forms allow-popups allow-modals allow-pointer-lock allow-downloads";

const get = (url: string, init?: RequestInit) => exports.default.fetch(url, { redirect: "manual", ...init });

function expectSandboxed(res: Response) {
  expect(res.headers.get("content-security-policy")).toBe(SANDBOX);
  expect(res.headers.get("content-security-policy")).not.toContain("allow-same-origin");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
}

describe("the files of a published revision", () => {
  let revisionId: string;

  beforeAll(async () => {
    const user = await newUser();
    revisionId = await publishRevision(user.idToken, {
      files: { ...FILES, "art/sprites.png": BINARY, "notes/empty.txt": "" },
      logic: counterSource,
      name: "Counter",
    });
  });

  it("serves the client files with their content types, cached for good, HTML with the SDK import map", async () => {
    const html = await get(`${ROOMS}/play/${revisionId}/index.html`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("cache-control")).toContain("immutable");
    const text = await html.text();
    expect(text).toContain(`<head><script type="importmap">{"imports":{"/sdk.js":"${ROOMS}/sdk.js"}}</script>`);
    expect((await get(`${ROOMS}/play/${revisionId}/client.js`)).headers.get("content-type")).toContain(
      "text/javascript",
    );
    expect((await get(`${ROOMS}/play/${revisionId}/style.css`)).headers.get("content-type")).toContain("text/css");
    const svg = await get(`${ROOMS}/play/${revisionId}/art/logo.svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toBe("<svg/>");
  });

  it("serves a binary file byte for byte from its own R2 object, with its type and headers", async () => {
    const res = await get(`${ROOMS}/play/${revisionId}/art/sprites.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expectSandboxed(res);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BINARY);
  });

  it("never reads a zip to serve a file: the revision's files are extracted objects, and those are what is served", async () => {
    const keys = (await env.CODE.list({ prefix: `${revisionId}/` })).objects.map((object) => object.key);
    const [fileSet] = new Set(keys.filter((key) => key.includes("/client/")).map((key) => key.split("/")[2]));
    expect(fileSet).toBeTruthy();
    const served = [...Object.keys(FILES), "art/sprites.png", "notes/empty.txt"].map((path) =>
      codeKeys.clientFile(revisionId, fileSet as string, path),
    );
    expect(keys.sort()).toEqual([codeKeys.logic(revisionId), ...served].sort());
    // Whatever the object holds is what the page gets: no zip is behind it.
    await env.CODE.put(codeKeys.clientFile(revisionId, fileSet as string, "style.css"), "body{color:red}");
    expect(await (await get(`${ROOMS}/play/${revisionId}/style.css`)).text()).toBe("body{color:red}");
  });

  it("serves an empty file as an empty body", async () => {
    const res = await get(`${ROOMS}/play/${revisionId}/notes/empty.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("puts the import map before the first element of a page without <head>", async () => {
    const res = await get(`${ROOMS}/play/${revisionId}/page.html`);
    expect(await res.text()).toBe(
      `<!doctype html><script type="importmap">{"imports":{"/sdk.js":"${ROOMS}/sdk.js"}}</script><title>t</title><script type=module src=client.js></script>`,
    );
  });

  it("serves every file in a sandbox of its own origin, readable from origin null (module scripts, fetch)", async () => {
    for (const file of ["index.html", "client.js", "art/logo.svg", "art/sprites.png"]) {
      const res = await get(`${ROOMS}/play/${revisionId}/${file}`, { headers: { origin: "null" } });
      expect(res.status).toBe(200);
      expectSandboxed(res);
      await res.arrayBuffer();
    }
    // Errors under /play/ too: nothing there runs with the rooms origin.
    expectSandboxed(await get(`${ROOMS}/play/${revisionId}/nope.html`));
    expectSandboxed(await get(`${ROOMS}/play/${revisionId}/a//b`));
  });

  it("sends /play/{revisionId}/ to the lobby outside /play/, keeping a room of an older link", async () => {
    const bare = await get(`${ROOMS}/play/${revisionId}/`);
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe(`${ROOMS}/lobby/${revisionId}/`);
    const withRoom = await get(`${ROOMS}/play/${revisionId}/?room=room-1&key=k`);
    expect(withRoom.headers.get("location")).toBe(`${ROOMS}/lobby/${revisionId}/?room=room-1&key=k`);
    expect((await get(`${ROOMS}/play/${revisionId}`)).headers.get("location")).toBe(`/rooms/play/${revisionId}/`);
  });

  it("serves the SDK at /sdk.js to any origin", async () => {
    const res = await get(`${ROOMS}/sdk.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.text()).toContain("startGame");
  });

  it("answers 404 to a missing file and an unknown revision", async () => {
    expect((await get(`${ROOMS}/play/${revisionId}/nope.js`)).status).toBe(404);
    expect((await get(`${ROOMS}/lobby/no-such-revision/`)).status).toBe(404);
    expect((await get(`${ROOMS}/play/no-such-revision/index.html`)).status).toBe(404);
  });

  it.each(["%2F..%2Fsecret", "a%2F..%2F..%2Fx", "..%5Cx", "a//b", "%00x"])(
    "refuses the path %s with 400",
    async (path) => {
      const res = await get(`${ROOMS}/play/${revisionId}/${path}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_path" });
    },
  );
});

describe("revisions and files the play route cannot serve", () => {
  it("answers 410 republish_required for a revision registered before client files were extracted, without reading its zip", async () => {
    const revisionId = `legacy-${crypto.randomUUID().slice(0, 8)}`;
    await env.BACKEND_DB.prepare(
      "INSERT INTO revisions (id, scenario_id, uploader_uid, has_logic, client_zip_bytes, created_at) VALUES (?, ?, ?, 0, 1, ?)",
    )
      .bind(revisionId, "legacy", "someone", Date.now())
      .run();
    await env.CODE.put(codeKeys.legacyClientZip(revisionId), zipSync({ "index.html": strToU8("<p>old</p>") }));
    const res = await get(`${ROOMS}/play/${revisionId}/index.html`);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ error: "republish_required" });
    expectSandboxed(res);
  });
});
