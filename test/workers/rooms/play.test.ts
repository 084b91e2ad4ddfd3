import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
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
};

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
    revisionId = await publishRevision(user.idToken, { files: FILES, logic: counterSource, name: "Counter" });
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

  it("serves every file in a sandbox of its own origin, readable from origin null (module scripts, fetch)", async () => {
    for (const file of ["index.html", "client.js", "style.css", "art/logo.svg"]) {
      const res = await get(`${ROOMS}/play/${revisionId}/${file}`, { headers: { origin: "null" } });
      expect(res.status).toBe(200);
      expectSandboxed(res);
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
