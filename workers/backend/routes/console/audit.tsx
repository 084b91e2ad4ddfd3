import { Hono } from "hono";
import { z } from "zod";
import { parseOrThrow } from "../../../../src/worker-kit/input";
import type { AuditFilter } from "../../console/audit-trail";
import type { ConsoleDeps, ConsoleEnv } from "../../console/console-env";
import { OPERATOR_ACTION_NAMES } from "../../console/operator-actions";
import { AuditPage } from "../../views/console/audit-page";
import { adminUrl, consoleChains, consoleLinks, consolePage } from "./console-kit";

/** Entries on one page of the trail. */
const ENTRIES_PER_PAGE = 100;

const emptyAsAbsent = (schema: z.ZodType) => z.preprocess((value) => (value === "" ? undefined : value), schema);
const auditQuery = z.object({
  action: emptyAsAbsent(z.enum(OPERATOR_ACTION_NAMES).optional()),
  operator: emptyAsAbsent(z.string().trim().max(320).optional()),
  target: emptyAsAbsent(z.string().trim().max(200).optional()),
  subject: emptyAsAbsent(z.string().trim().max(128).optional()),
  before: emptyAsAbsent(z.coerce.number().int().positive().optional()),
});

/** GET /admin/audit?action=&operator=&target=&subject=&before=: the audit trail, newest first, filtered. */
export function consoleAuditRoutes(deps: ConsoleDeps) {
  const { page } = consoleChains(deps);
  return new Hono<ConsoleEnv>().get("/admin/audit", ...page, async (c) => {
    const query = parseOrThrow(auditQuery, c.req.query()) as {
      action?: AuditFilter["action"];
      operator?: string;
      target?: string;
      subject?: string;
      before?: number;
    };
    const filter: AuditFilter = {
      ...(query.action ? { action: query.action } : {}),
      ...(query.operator ? { operator: query.operator } : {}),
      ...(query.target ? { target: query.target } : {}),
      ...(query.subject ? { subjectUid: query.subject } : {}),
      ...(query.before ? { before: query.before } : {}),
      limit: ENTRIES_PER_PAGE,
    };
    const entries = await c.get("console").audit.list(filter);
    const last = entries.at(-1);
    let olderUrl: string | null = null;
    if (entries.length === ENTRIES_PER_PAGE && last) {
      const older = new URL(adminUrl(c, "/audit"));
      for (const [name, value] of Object.entries({
        action: filter.action,
        operator: filter.operator,
        target: filter.target,
        subject: filter.subjectUid,
      }))
        if (value) older.searchParams.set(name, value);
      older.searchParams.set("before", String(last.id));
      olderUrl = older.href;
    }
    return consolePage(
      c,
      <AuditPage
        links={consoleLinks(c)}
        operator={c.get("operator")}
        filter={filter}
        entries={entries}
        olderUrl={olderUrl}
      />,
    );
  });
}
