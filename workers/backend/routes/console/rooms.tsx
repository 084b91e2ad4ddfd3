import { Hono } from "hono";
import { z } from "zod";
import { roomIdSchema } from "../../../../src/room-access/connect-params";
import { ApiError } from "../../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../../src/worker-kit/input";
import { closeMessageField, formInput, reasonField } from "../../console/action-input";
import type { ConsoleDeps, ConsoleEnv } from "../../console/console-env";
import { doneNotice } from "../../console/operator-actions";
import { findRevision, listRevisions, REVISIONS_PER_PAGE, revisionFiles, roomsOf } from "../../console/room-list";
import { RevisionPage } from "../../views/console/revision-page";
import { RoomsPage } from "../../views/console/rooms-page";
import { adminUrl, consoleChains, consoleLinks, consolePage, operatorOf } from "./console-kit";

const revisionParam = z.object({ revisionId: roomIdSchema });
const roomsQuery = z.object({ before: z.coerce.number().int().positive().optional() });
const revisionQuery = z.object({ done: z.string().max(64).optional() });
const pauseForm = z.object({ room: roomIdSchema, pause: z.enum(["1", "0"]), reason: reasonField });
const closeForm = z.object({ room: roomIdSchema, message: closeMessageField, reason: reasonField });

/**
 * - GET /admin/rooms: published revisions, newest first.
 * - GET /admin/rooms/{revisionId}: the revision, its files, its recorded rooms with their seats
 *   present and last activity (each room's Durable Object, through the rooms app's port).
 * - POST /admin/rooms/{revisionId}/pause {room, pause: 1|0, reason}, …/close {room, message,
 *   reason}: audited first ("started"), then done in the room, then "done" or "failed".
 */
export function consoleRoomRoutes(deps: ConsoleDeps) {
  const { page, action } = consoleChains(deps);
  const revisionUrl = (c: Parameters<typeof adminUrl>[0], revisionId: string, done?: string) =>
    adminUrl(c, `/rooms/${encodeURIComponent(revisionId)}${done ? `?done=${done}` : ""}`);
  return new Hono<ConsoleEnv>()
    .get("/admin/rooms", ...page, async (c) => {
      const { before } = parseOrThrow(roomsQuery, c.req.query());
      const revisions = await listRevisions(c.env.BACKEND_DB, before ? new Date(before) : undefined);
      const last = revisions.at(-1);
      const olderUrl =
        revisions.length === REVISIONS_PER_PAGE && last
          ? adminUrl(c, `/rooms?before=${last.createdAt.getTime()}`)
          : null;
      return consolePage(
        c,
        <RoomsPage
          links={consoleLinks(c)}
          operator={c.get("operator")}
          revisions={revisions}
          revisionUrl={(id) => revisionUrl(c, id)}
          olderUrl={olderUrl}
        />,
      );
    })
    .get("/admin/rooms/:revisionId", ...page, async (c) => {
      const { revisionId } = parseOrThrow(revisionParam, c.req.param());
      const { done } = parseOrThrow(revisionQuery, c.req.query());
      const revision = await findRevision(c.env.BACKEND_DB, revisionId);
      if (!revision) throw new ApiError(404, "not_found", `No revision ${revisionId} is published.`);
      const [files, rooms] = await Promise.all([
        revisionFiles(c.env.CODE, revision),
        roomsOf(c.env.BACKEND_DB, c.get("console").rooms, revision.id),
      ]);
      return consolePage(
        c,
        <RevisionPage
          links={consoleLinks(c)}
          operator={c.get("operator")}
          revision={revision}
          files={files}
          rooms={rooms}
          pauseAction={adminUrl(c, `/rooms/${encodeURIComponent(revision.id)}/pause`)}
          closeAction={adminUrl(c, `/rooms/${encodeURIComponent(revision.id)}/close`)}
          notice={doneNotice(done)}
        />,
      );
    })
    .post("/admin/rooms/:revisionId/pause", ...action, async (c) => {
      const { revisionId } = parseOrThrow(revisionParam, c.req.param());
      const { room, pause, reason } = formInput(pauseForm, c.get("form"));
      const paused = pause === "1";
      const { audit, rooms } = c.get("console");
      const result = await audit.around(
        {
          operator: operatorOf(c),
          action: paused ? "pause_room" : "resume_room",
          targetKind: "room",
          target: `${revisionId}/${room}`,
          subjectUid: null,
          reason,
        },
        () => rooms.pause(revisionId, room, paused),
        (state) => (state ? {} : { failure: "room_not_found" }),
      );
      if (!result) throw noRoom();
      return c.redirect(revisionUrl(c, revisionId, paused ? "room_paused" : "room_resumed"), 303);
    })
    .post("/admin/rooms/:revisionId/close", ...action, async (c) => {
      const { revisionId } = parseOrThrow(revisionParam, c.req.param());
      const { room, message, reason } = formInput(closeForm, c.get("form"));
      const { audit, rooms } = c.get("console");
      const result = await audit.around(
        {
          operator: operatorOf(c),
          action: "close_room",
          targetKind: "room",
          target: `${revisionId}/${room}`,
          subjectUid: null,
          reason,
          detail: { message },
        },
        () => rooms.close(revisionId, room, message),
        (state) => (state ? {} : { failure: "room_not_found" }),
      );
      if (!result) throw noRoom();
      return c.redirect(revisionUrl(c, revisionId, "room_closed"), 303);
    });
}

function noRoom(): ApiError {
  return new ApiError(
    404,
    "room_not_found",
    "No connection ever reached this room: there is nothing to pause or close.",
  );
}
