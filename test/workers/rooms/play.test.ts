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

const get = (url: string) => exports.default.fetch(url, { redirect: "manual" });

describe("the play page of a published revision", () => {
  let revisionId: string;
  let soloId: string;

  beforeAll(async () => {
    const user = await newUser();
    revisionId = await publishRevision(user.idToken, {
      files: FILES,
      logic: counterSource,
      playerCount: 3,
      name: "Counter",
    });
    soloId = await publishRevision(user.idToken, { files: FILES, logic: null });
  });

  it("lobby: creates a room and hands out one link per seat and a spectator link", async () => {
    const first = await get(`${ROOMS}/play/${revisionId}/`);
    expect(first.status).toBe(302);
    const lobbyUrl = first.headers.get("location") as string;
    const roomId = new URL(lobbyUrl).searchParams.get("room");
    expect(roomId).toMatch(/^room-/);
    const page = await (await get(lobbyUrl)).text();
    const links = [...page.matchAll(/href="([^"]+)" data-seat-kind="(\w+)"/g)].map(([, href, kind]) => ({
      url: new URL((href as string).replace(/&amp;/g, "&")),
      kind,
    }));
    expect(links.map((l) => l.kind)).toEqual(["player", "player", "player", "spectator"]);
    for (const { url } of links) {
      expect(url.pathname).toBe(`/rooms/play/${revisionId}/index.html`);
      expect(url.searchParams.get("server")).toBe(ROOMS);
      expect(url.searchParams.get("roomId")).toBe(roomId);
      expect(url.searchParams.get("revisionId")).toBe(revisionId);
    }
    expect(links.map((l) => l.url.searchParams.get("seatId"))).toEqual(["p1", "p2", "p3", "spectator"]);
    expect(links[3]?.url.searchParams.get("monitor")).toBe("1");
    // Another room on request.
    const again = await get(`${ROOMS}/play/${revisionId}/?room=${roomId}&new=1`);
    expect(new URL(again.headers.get("location") as string).searchParams.get("room")).not.toBe(roomId);
  });

  it("lobby of a solo scenario: one link, no room (solo mode)", async () => {
    const res = await get(`${ROOMS}/play/${soloId}/`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect([...page.matchAll(/href="([^"]+)" data-seat-kind="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      [`${ROOMS}/play/${soloId}/index.html`, "solo"],
    ]);
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

  it("serves the SDK at /sdk.js", async () => {
    const res = await get(`${ROOMS}/sdk.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(await res.text()).toContain("startGame");
  });

  it("answers 404 to a missing file and an unknown revision", async () => {
    expect((await get(`${ROOMS}/play/${revisionId}/nope.js`)).status).toBe(404);
    expect((await get(`${ROOMS}/play/no-such-revision/`)).status).toBe(404);
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
