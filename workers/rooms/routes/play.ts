import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { urlFor } from "../../../src/base-url";
import { safeClientPath } from "../../../src/publishing/client-path";
import { codeKeys } from "../../../src/publishing/code-keys";
import { contentTypeOf } from "../../../src/publishing/content-types";
import { roomIdSchema } from "../../../src/room-access/connect-params";
import { ApiError } from "../../../src/worker-kit/errors";
import { withSdkImportMap } from "../play/client-files";
import { SDK_JS } from "../play/generated-sdk";
import { lobbyUrl } from "../play/lobby-urls";
import { PLAY_SANDBOX_FLAGS } from "../play/play-sandbox";
import { servedFileSetOrThrow } from "../play/published-revision";
import type { RoomsEnv } from "../rooms-ports";

/** A revision's files never change: browsers and caches may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The CSP of every file under /play/: a sandbox without allow-same-origin (play-sandbox.ts). */
const PLAY_SANDBOX = `sandbox ${PLAY_SANDBOX_FLAGS}`;

/**
 * Every response under /play/{revisionId}/ (files, errors, the redirect to the lobby) carries the
 * sandbox. A sandboxed page's module scripts and fetches are CORS requests from origin "null",
 * so the files allow any origin; they are public anyway, and no credentials are involved.
 */
const sandboxed = createMiddleware<RoomsEnv>(async (c, next) => {
  await next();
  c.res.headers.set("content-security-policy", PLAY_SANDBOX);
  c.res.headers.set("access-control-allow-origin", "*");
});

/**
 * The published game in a browser (docs/publishing.md): GET /play/{revisionId}/ sends the
 * browser to the lobby (routes/lobby.tsx); the game pages are the client files extracted from the
 * uploaded zip under /play/{revisionId}/, which import the SDK from /sdk.js.
 */
export const playRoutes = new Hono<RoomsEnv>()
  .get("/sdk.js", (c) => {
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "public, max-age=300");
    c.header("access-control-allow-origin", "*");
    return c.body(SDK_JS);
  })
  .get("/play/:revisionId", (c) => c.redirect(`${new URL(c.req.url).pathname}/`, 301))
  .use("/play/:revisionId/*", sandboxed)
  .get("/play/:revisionId/", (c) => {
    // The lobby signs users in, so it cannot live under /play/ (no sign-in target): the URL that
    // `scenario publish` prints leads there, with a room of an older link kept.
    const revisionId = c.req.param("revisionId");
    if (!roomIdSchema.safeParse(revisionId).success) {
      throw new ApiError(404, "revision_not_found", `No published revision ${revisionId}.`);
    }
    const target = new URL(lobbyUrl(c.get("config").apps.rooms, revisionId));
    target.search = new URL(c.req.url).search;
    return c.redirect(target.href, 302);
  })
  .get("/play/:revisionId/*", async (c) => {
    const revisionId = c.req.param("revisionId");
    const path = clientPath(new URL(c.req.url).pathname, revisionId);
    if (!path) throw new ApiError(400, "invalid_path", "The file path is not a plain path inside the game.");
    const fileSet = await servedFileSetOrThrow(c.get("ports").revisions(c.env), revisionId);
    // The file as extracted at upload (backend code-files.ts), streamed: nothing is inflated here.
    const file = await c.env.CODE.get(codeKeys.clientFile(revisionId, fileSet, path));
    if (!file) throw new ApiError(404, "file_not_found", `The game has no file ${path}.`);
    const type = contentTypeOf(path);
    c.header("content-type", type);
    c.header("cache-control", IMMUTABLE);
    c.header("x-content-type-options", "nosniff");
    if (type.startsWith("text/html")) {
      return c.body(withSdkImportMap(file.body, urlFor(c.get("config").apps.rooms, "/sdk.js")));
    }
    return c.body(file.body);
  });

/** The part of the URL path after /play/{revisionId}/, decoded and checked; null when refused. */
function clientPath(pathname: string, revisionId: string): string | null {
  const marker = `/play/${revisionId}/`;
  const at = pathname.indexOf(marker);
  if (at < 0) return null;
  let decoded: string;
  try {
    decoded = pathname
      .slice(at + marker.length)
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    return null;
  }
  return safeClientPath(decoded);
}
