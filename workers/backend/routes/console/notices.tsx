import { and, eq, isNull, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { operatorNotices } from "../../../../src/db/backend-schema";
import { ApiError } from "../../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../../src/worker-kit/input";
import { currentLog } from "../../../../src/worker-kit/request-log";
import { formInput, reasonField } from "../../console/action-input";
import type { ConsoleDeps, ConsoleEnv } from "../../console/console-env";
import { doneNotice } from "../../console/operator-actions";
import { NoticesPage } from "../../views/console/notices-page";
import { adminUrl, consoleChains, consoleLinks, consolePage, operatorOf } from "./console-kit";

const noticesQuery = z.object({
  state: z.enum(["open", "handled", "all"]).default("open"),
  done: z.string().max(64).optional(),
});
const noticeParam = z.object({ id: z.coerce.number().int().positive() });
const handleForm = z.object({ note: reasonField });

/**
 * - GET /admin/notices?state=open|handled|all: the payment webhook's notices as cases, and the SMS
 *   sign-in success rate (the sign-in service's port).
 * - POST /admin/notices/{id}/handle {note}: marks an open notice handled; the note is also the
 *   audit entry's reason, and both are written in one D1 batch, only while the notice is open.
 */
export function consoleNoticeRoutes(deps: ConsoleDeps) {
  const { page, action } = consoleChains(deps);
  return new Hono<ConsoleEnv>()
    .get("/admin/notices", ...page, async (c) => {
      const { state, done } = parseOrThrow(noticesQuery, c.req.query());
      const services = c.get("console");
      const [notices, sms] = await Promise.all([
        services.notices.list(state),
        services.smsRate().catch((error: unknown) => {
          currentLog().error("SMS success rate not read", {
            error: error instanceof Error ? error.message : String(error),
          });
          return null;
        }),
      ]);
      return consolePage(
        c,
        <NoticesPage
          links={consoleLinks(c)}
          operator={c.get("operator")}
          state={state}
          notices={notices}
          handleAction={(id) => adminUrl(c, `/notices/${id}/handle`)}
          sms={sms}
          notice={doneNotice(done)}
        />,
      );
    })
    .post("/admin/notices/:id/handle", ...action, async (c) => {
      const { id } = parseOrThrow(noticeParam, c.req.param());
      const { note } = formInput(handleForm, c.get("form"));
      const { notices, audit } = c.get("console");
      const notice = await notices.get(id);
      if (!notice) throw new ApiError(404, "notice_not_found", `No notice ${id}.`);
      const operator = operatorOf(c);
      const open = and(eq(operatorNotices.id, id), isNull(operatorNotices.handledAt)) as SQL;
      const [, handled] = await audit.db.batch([
        audit.entryInsertWhere(
          {
            operator,
            action: "handle_notice",
            targetKind: "notice",
            target: String(id),
            subjectUid: await notices.userUidOf(notice),
            reason: note,
            outcome: "done",
            detail: { kind: notice.kind, case: notice.caseKey },
          },
          operatorNotices,
          open,
        ),
        notices.handledUpdate(id, operator.uid, note),
      ]);
      if (handled.length === 0) throw new ApiError(409, "notice_already_handled", "This notice was already handled.");
      return c.redirect(adminUrl(c, "/notices?done=notice_handled"), 303);
    });
}
