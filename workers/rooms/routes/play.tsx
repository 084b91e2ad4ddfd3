import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import { safeClientPath } from "../../../src/code/client-zip";
import { contentTypeOf } from "../../../src/code/content-types";
import type { AppEnv } from "../../shared/app-env";
import { ApiError } from "../../shared/errors";
import { clientFile, withSdkImportMap } from "../play/client-files";
import { SDK_JS } from "../play/generated-sdk";
import { LobbyPage } from "../play/lobby-page";
import { isLobbyRoomKey, lobbyRoomKey } from "../play/lobby-room-key";
import { publishedRevision } from "../play/published-revision";
import { type PlayableRevision, seatLinks } from "../play/seat-links";

/** A revision's files never change: browsers and caches may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const ROOM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

async function revisionOrThrow(env: Env, revisionId: string): Promise<PlayableRevision> {
  const revision = await publishedRevision(env, revisionId);
  if (!revision) throw new ApiError(404, "revision_not_found", `No published revision ${revisionId}.`);
  return revision;
}

/**
 * The lobby URL of a new room: with a ticket secret it carries the room's key, without which the
 * lobby mints no tickets for a room (it may be another authority's).
 */
async function newRoomUrl(playBase: string, revisionId: string, ticketSecret: string | null): Promise<string> {
  const roomId = `room-${crypto.randomUUID().slice(0, 8)}`;
  const query = new URLSearchParams({ room: roomId });
  if (ticketSecret) query.set("key", await lobbyRoomKey(ticketSecret, revisionId, roomId));
  return `${playBase}/?${query}`;
}

/**
 * The published game in a browser (docs/publishing.md): GET /play/{revisionId}/ is a lobby that
 * makes a room and hands out one link per seat, each with its seat ticket; the links open the client files of the
 * uploaded zip under /play/{revisionId}/, which import the SDK from /sdk.js.
 */
export const playRoutes = new Hono<AppEnv>()
  .get("/sdk.js", (c) => {
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "public, max-age=300");
    c.header("access-control-allow-origin", "*");
    return c.body(SDK_JS);
  })
  .get("/play/:revisionId", (c) => c.redirect(`${new URL(c.req.url).pathname}/`, 301))
  .get("/play/:revisionId/", async (c) => {
    const revision = await revisionOrThrow(c.env, c.req.param("revisionId"));
    const config = c.get("config");
    const playBase = urlFor(config.apps.rooms, `/play/${revision.id}`);
    const { ticketSecret } = config.rooms;
    const requested = c.req.query("room");
    let roomId: string | null = null;
    if (revision.hasLogic) {
      const ours =
        requested !== undefined &&
        ROOM_ID.test(requested) &&
        (!ticketSecret || (await isLobbyRoomKey(ticketSecret, revision.id, requested, c.req.query("key"))));
      if (!ours || c.req.query("new") !== undefined) {
        return c.redirect(await newRoomUrl(playBase, revision.id, ticketSecret), 302);
      }
      roomId = requested;
    }
    const links = await seatLinks(revision, roomId ?? "", playBase, formatRooms(config.apps.rooms), ticketSecret);
    c.header("cache-control", "no-store");
    return c.html(`<!doctype html>${(<LobbyPage revision={revision} roomId={roomId} links={links} />).toString()}`);
  })
  .get("/play/:revisionId/*", async (c) => {
    const revisionId = c.req.param("revisionId");
    const path = clientPath(new URL(c.req.url).pathname, revisionId);
    if (!path) throw new ApiError(400, "invalid_path", "The file path is not a plain path inside the game.");
    await revisionOrThrow(c.env, revisionId);
    const bytes = await clientFile(c.env.CODE, revisionId, path);
    if (!bytes) throw new ApiError(404, "file_not_found", `The game has no file ${path}.`);
    const type = contentTypeOf(path);
    c.header("content-type", type);
    c.header("cache-control", IMMUTABLE);
    c.header("x-content-type-options", "nosniff");
    if (type.startsWith("text/html")) {
      const sdkUrl = urlFor(c.get("config").apps.rooms, "/sdk.js");
      return c.body(withSdkImportMap(new TextDecoder().decode(bytes), sdkUrl));
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>);
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

function formatRooms(base: { origin: string; path: string }): string {
  return base.origin + base.path;
}
