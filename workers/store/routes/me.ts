import { Hono } from "hono";
import type { StoreMe } from "../../../src/store/api";
import { requireUser } from "../require-user";
import type { StoreEnv } from "../store-env";

/**
 * GET /api/me: the signed-in user, balance and premium status, through the backend's `me` with
 * the user's ID token forwarded (document 2, Rule 5). bonusRate is what a premium member gets on
 * top (the highest rate of the products on sale), 0 for everyone else; the renewal date is not
 * shown (Rule 6).
 */
export const meRoutes = new Hono<StoreEnv>().get("/api/me", requireUser, async (c) => {
  const { backend } = c.get("store");
  const [me, products] = await Promise.all([backend.me(c.get("user").idToken), backend.webProducts()]);
  const bonusRate = me.hasActiveSubscription ? Math.max(0, ...products.map((p) => p.subscriptionBonusRate)) : 0;
  c.header("cache-control", "no-store");
  const body: StoreMe = { user: { id: me.id }, balance: me.balance, premium: me.hasActiveSubscription, bonusRate };
  return c.json(body);
});
