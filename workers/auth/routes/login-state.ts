import { Hono } from "hono";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody } from "../../../src/worker-kit/input";
import type { AuthEnv } from "../auth-env";
import { browserNonceHash } from "../login-binding";
import { parseLoginQuery } from "../login-query";
import { sameOriginOnly } from "../same-origin";

/**
 * POST /api/login/state: the login page asks for its state when the person signs in (docs/decisions/0059-sign-in-hardening.md:
 * opening /login writes nothing, so visits cannot fill the store). The body is the page's own
 * query, checked again by the rules of GET /login; the state is bound to this browser's nonce
 * cookie, which GET /login set.
 */
export const loginStateRoutes = new Hono<AuthEnv>().post("/api/login/state", sameOriginOnly, async (c) => {
  const { query, redirectUri, codeChallenge, prompt } = parseLoginQuery(c, await jsonBody(c.req.raw));
  const nonceHash = await browserNonceHash(c);
  if (!nonceHash) {
    throw new ApiError(403, "state_mismatch", "Open the login page in this browser first (its cookie is missing).");
  }
  const state = await c.get("auth").loginRequests.create({
    redirectUri: redirectUri.href,
    clientId: query.client_id ?? "",
    codeChallenge,
    prompt,
    nonceHash,
  });
  c.header("cache-control", "no-store");
  return c.json({ state });
});
