import { Hono } from "hono";
import { z } from "zod";
import type { StoreCredit, StoreSessionStatus } from "../../../src/store/api";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../src/worker-kit/input";
import { requireUser } from "../require-user";
import type { StoreEnv } from "../store-env";

const statusQuery = z.object({ session_id: z.string().regex(/^[A-Za-z0-9_]{1,255}$/) });

/**
 * GET /api/session-status?session_id=: the result page's view of its checkout, and whether the
 * backend has credited this session's payment (its deposit, found by the payment intent id), so
 * the page tells the truth on any reload. Another user's session answers exactly like an unknown
 * one (document 2, Rule 3: no result returned).
 */
export const sessionStatusRoutes = new Hono<StoreEnv>().get("/api/session-status", requireUser, async (c) => {
  const query = parseOrThrow(statusQuery, c.req.query());
  const { backend, payments } = c.get("store");
  const [me, session] = await Promise.all([
    backend.me(c.get("user").idToken),
    payments.checkoutSession(query.session_id),
  ]);
  if (!session || session.userId !== me.id) {
    throw new ApiError(404, "session_not_found", "No checkout session of yours has this id.");
  }
  let credit: StoreCredit = "none";
  if (session.paymentIntentId) {
    const purchase = await backend.purchase(c.get("user").idToken, session.paymentIntentId);
    if (purchase) credit = purchase.cancelled ? "cancelled" : "credited";
  }
  c.header("cache-control", "no-store");
  const body: StoreSessionStatus = {
    sessionId: session.id,
    status: session.status,
    paymentStatus: session.paymentStatus,
    productId: session.productId,
    credit,
  };
  return c.json(body);
});
