import { createMiddleware } from "hono/factory";
import { errorResponse } from "../../src/worker-kit/errors";
import { bearerToken, missingIdToken, signedInUser } from "../../src/worker-kit/verify-id-token";
import type { StoreEnv } from "./store-env";

/**
 * Store API requests carry the user's ID token as a Bearer token (document 2, Authentication 3):
 * verified here with the identity provider, then forwarded to the backend by the route.
 */
export const requireUser = createMiddleware<StoreEnv>(async (c, next) => {
  const idToken = bearerToken(c.req.header("authorization"));
  if (!idToken) {
    const missing = missingIdToken();
    const response = errorResponse(missing.status, missing.code, missing.message);
    response.headers.set("www-authenticate", 'Bearer realm="store"');
    return response;
  }
  const token = await signedInUser(c.get("store").idp, idToken, "buy coins");
  c.set("user", { uid: token.uid, idToken });
  await next();
});
