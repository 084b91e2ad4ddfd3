import { createMiddleware } from "hono/factory";
import { errorResponse } from "../shared/errors";
import { signedInUser } from "../shared/verify-id-token";
import type { StoreEnv } from "./store-env";

const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,8192})$/;

/**
 * Store API requests carry the user's ID token as a Bearer token (document 2, Authentication 3):
 * verified here with the identity provider, then forwarded to the backend by the route.
 */
export const requireUser = createMiddleware<StoreEnv>(async (c, next) => {
  const match = BEARER.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) {
    const response = errorResponse(
      401,
      "unauthenticated",
      "Send the user's ID token as Authorization: Bearer <token>.",
    );
    response.headers.set("www-authenticate", 'Bearer realm="store"');
    return response;
  }
  const idToken = match[1];
  const token = await signedInUser(c.get("store").idp, idToken, "buy coins");
  c.set("user", { uid: token.uid, idToken });
  await next();
});
