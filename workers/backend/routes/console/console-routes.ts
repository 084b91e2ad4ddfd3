import { Hono } from "hono";
import type { ConsoleDeps, ConsoleEnv } from "../../console/console-env";
import { consoleAuditRoutes } from "./audit";
import { consoleError } from "./console-kit";
import { consoleNoticeRoutes } from "./notices";
import { consoleRoomRoutes } from "./rooms";
import { consoleSignInRoutes } from "./sign-in";
import { consoleUserRoutes } from "./users";

/**
 * The operator console at {API_URL}/admin/ (docs/operators.md): find a user and see their
 * account, sessions, publish tokens, consent, coins and sign-in events; the notices; the rooms;
 * the audit trail. Admins only; every action has a typed reason and lands on the audit trail.
 * Its errors are pages. Each route carries its own guards (console-kit.tsx's chains), since a
 * middleware on /admin/* would also run for the ordering page beside it.
 */
export function consoleRoutes(deps: ConsoleDeps) {
  const app = new Hono<ConsoleEnv>()
    .route("/", consoleSignInRoutes(deps))
    .route("/", consoleUserRoutes(deps))
    .route("/", consoleNoticeRoutes(deps))
    .route("/", consoleRoomRoutes(deps))
    .route("/", consoleAuditRoutes(deps));
  app.onError(consoleError);
  return app;
}
