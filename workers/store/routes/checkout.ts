import { Hono } from "hono";
import { z } from "zod";
import { RATE_LIMITS } from "../../../src/config/rate-limits";
import type { StoreCheckout } from "../../../src/store/api";
import { CURRENCIES } from "../../../src/store/currency";
import { STORE_LOCALES } from "../../../src/store/locales";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import { rateLimited } from "../../../src/worker-kit/rate-limit";
import { currentLog } from "../../../src/worker-kit/request-log";
import { requireUser } from "../require-user";
import type { StoreEnv } from "../store-env";
import { checkoutReturnUrls, pickCurrency, preferredCurrencies } from "../store-rules";

/** The price is never part of the request: only the product id (document 2, Rule 2). */
const checkoutBody = z.strictObject({
  /** users.id (GraphQL Me.id, an Int); a string of digits is accepted too. */
  userId: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^[1-9][0-9]{0,14}$/)
      .transform(Number),
  ]),
  productId: z.string().min(1).max(128),
  currency: z.enum(CURRENCIES).optional(),
  /** The page's language, passed on to the hosted checkout page. */
  locale: z.enum(STORE_LOCALES).optional(),
});

/** POST /api/checkout: a hosted checkout session for one product; answers {url}. Rate-limited per user (429 `rate_limited`). */
export const checkoutRoutes = new Hono<StoreEnv>().post(
  "/api/checkout",
  requireUser,
  rateLimited<StoreEnv>(RATE_LIMITS.checkoutSessions, (c) => c.get("user").uid),
  async (c) => {
    const body = parseOrThrow(checkoutBody, await jsonBody(c.req.raw));
    const { backend, payments } = c.get("store");
    const me = await backend.me(c.get("user").idToken);
    // Rule 1: the body names the user explicitly, and it must be the token's user.
    if (body.userId !== me.id) {
      throw new ApiError(403, "user_mismatch", "userId is not the signed-in user.");
    }
    const products = await backend.webProducts();
    const product = products.find((p) => p.productId === body.productId);
    const [price] = product ? await payments.pricesByLookupKeys([product.productId]) : [];
    if (!product || !price || price.lookupKey !== product.productId) {
      if (product) currentLog().warn("store product without a price", { productId: product.productId });
      throw new ApiError(404, "product_not_found", "No coin product with this productId is on sale.");
    }
    const session = await payments.createCheckoutSession({
      priceId: price.id,
      currency: pickCurrency(price.amounts, preferredCurrencies(c, body.currency)),
      userId: me.id,
      productId: product.productId,
      ...(body.locale ? { locale: body.locale } : {}),
      ...checkoutReturnUrls(c.get("config"), { currency: body.currency, locale: body.locale }),
    });
    currentLog().info("checkout session created", { productId: product.productId });
    c.header("cache-control", "no-store");
    const answer: StoreCheckout = { url: session.url };
    return c.json(answer);
  },
);
