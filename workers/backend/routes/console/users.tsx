import { Hono } from "hono";
import { z } from "zod";
import { ApiError } from "../../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../../src/worker-kit/input";
import { formInput, reasonField } from "../../console/action-input";
import type { ConsoleDeps, ConsoleEnv } from "../../console/console-env";
import { doneNotice } from "../../console/operator-actions";
import { findUser, PAYMENT_INTENT_ID } from "../../console/user-search";
import { userView } from "../../console/user-view";
import { SearchPage } from "../../views/console/search-page";
import { UserPage } from "../../views/console/user-page";
import { adminUrl, consoleChains, consoleLinks, consolePage, operatorOf } from "./console-kit";

const userParam = z.object({ uid: z.string().min(1).max(128) });
const userQuery = z.object({
  payment: z.string().regex(PAYMENT_INTENT_ID).optional(),
  done: z.string().max(64).optional(),
});
const endSessionForm = z.object({ handle: z.string().regex(/^[0-9a-f]{16}$/), reason: reasonField });
const endAllForm = z.object({ reason: reasonField });
const revokeTokenForm = z.object({ token: z.string().min(1).max(64), reason: reasonField });

/**
 * Finding a user and their page.
 * - GET /admin/?q=: the search (user id, email, payment intent id); a match goes to the user's page.
 * - GET /admin/users/{uid}?payment=: the user's page (sign-in service data through its port, the
 *   ledger here), with the payment that led there.
 * - POST …/sessions/end, …/sessions/end-all, …/publish-tokens/revoke: the operator's actions on
 *   the sign-in service's data, each with a typed reason: audited first ("started"), then done
 *   through the port, then "done" or "failed" (the action is in AUTH_DB, the trail in BACKEND_DB).
 */
export function consoleUserRoutes(deps: ConsoleDeps) {
  const { page, action } = consoleChains(deps);
  const userUrl = (c: Parameters<typeof adminUrl>[0], uid: string, done?: string) =>
    adminUrl(c, `/users/${encodeURIComponent(uid)}${done ? `?done=${done}` : ""}`);
  return new Hono<ConsoleEnv>()
    .get("/admin/", ...page, async (c) => {
      const query = (c.req.query("q") ?? "").slice(0, 320);
      const found = query.trim() === "" ? null : await findUser(c.get("console"), c.env.BACKEND_DB, query);
      if (found) {
        const target = new URL(userUrl(c, found.uid));
        if (found.payment) target.searchParams.set("payment", found.payment);
        return c.redirect(target.href, 303);
      }
      return consolePage(
        c,
        <SearchPage
          links={consoleLinks(c)}
          operator={c.get("operator")}
          query={query}
          miss={query.trim() === "" ? null : query.trim()}
        />,
      );
    })
    .get("/admin/users/:uid", ...page, async (c) => {
      const { uid } = parseOrThrow(userParam, c.req.param());
      const query = parseOrThrow(userQuery, c.req.query());
      const view = await userView(c.get("console"), c.env.BACKEND_DB, uid, query.payment ?? null);
      const base = userUrl(c, uid);
      return consolePage(
        c,
        <UserPage
          links={consoleLinks(c)}
          operator={c.get("operator")}
          view={view}
          actions={{
            endSession: `${base}/sessions/end`,
            endAllSessions: `${base}/sessions/end-all`,
            revokeToken: `${base}/publish-tokens/revoke`,
          }}
          notice={doneNotice(query.done)}
        />,
      );
    })
    .post("/admin/users/:uid/sessions/end", ...action, async (c) => {
      const { uid } = parseOrThrow(userParam, c.req.param());
      const { handle, reason } = formInput(endSessionForm, c.get("form"));
      const { audit, accounts } = c.get("console");
      const entry = { operator: operatorOf(c), action: "end_session", targetKind: "session", target: handle } as const;
      const ended = await audit.around(
        { ...entry, subjectUid: uid, reason },
        () => accounts.endSession(uid, handle),
        (done) => (done ? {} : { failure: "session_not_found" }),
      );
      if (!ended) throw new ApiError(404, "session_not_found", "The user has no live session with this handle.");
      return c.redirect(userUrl(c, uid, "session_ended"), 303);
    })
    .post("/admin/users/:uid/sessions/end-all", ...action, async (c) => {
      const { uid } = parseOrThrow(userParam, c.req.param());
      const { reason } = formInput(endAllForm, c.get("form"));
      const { audit, accounts } = c.get("console");
      await audit.around(
        {
          operator: operatorOf(c),
          action: "end_all_sessions",
          targetKind: "user",
          target: uid,
          subjectUid: uid,
          reason,
        },
        () => accounts.endAllSessions(uid),
        (ended) => ({ detail: { sessionsEnded: ended } }),
      );
      return c.redirect(userUrl(c, uid, "signed_out_everywhere"), 303);
    })
    .post("/admin/users/:uid/publish-tokens/revoke", ...action, async (c) => {
      const { uid } = parseOrThrow(userParam, c.req.param());
      const { token, reason } = formInput(revokeTokenForm, c.get("form"));
      const { audit, accounts } = c.get("console");
      const revoked = await audit.around(
        {
          operator: operatorOf(c),
          action: "revoke_publish_token",
          targetKind: "publish_token",
          target: token,
          subjectUid: uid,
          reason,
        },
        () => accounts.revokePublishToken(uid, token),
        (done) => (done ? {} : { failure: "publish_token_not_found" }),
      );
      if (!revoked)
        throw new ApiError(404, "publish_token_not_found", "The user has no active publish token with this id.");
      return c.redirect(userUrl(c, uid, "token_revoked"), 303);
    });
}
