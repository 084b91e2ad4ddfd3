import { Hono } from "hono";
import { z } from "zod";
import { MAX_ACTIVE_PUBLISH_TOKENS, PUBLISH_TOKEN_NAME_MAX } from "../../../src/auth/publish-token";
import { RATE_LIMITS } from "../../../src/config/rate-limits";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../src/worker-kit/input";
import { callerKey, rateLimiter } from "../../../src/worker-kit/rate-limit";
import { bearerIdToken } from "../../../src/worker-kit/verify-id-token";
import type { AuthContext, AuthEnv } from "../auth-env";
import { PublishTokenStore } from "../publish-token-store";
import { requireFinishedSignUp } from "../sign-up";
import { verifiedUser } from "../user-token";

const createRequest = z.object({ name: z.string().trim().min(1).max(PUBLISH_TOKEN_NAME_MAX).optional() }).strict();
const tokenId = z.object({ id: z.string().min(1).max(64) });
const creations = rateLimiter(RATE_LIMITS.publishTokens);

/**
 * The signed-in user behind the bearer ID token; a publish-token ID token is 403 (rule 9a), a
 * revoked one 401 `id_token_revoked`.
 */
async function issuer(c: AuthContext): Promise<string> {
  return (await verifiedUser(c, bearerIdToken(c), "manage publish tokens", { checkRevoked: true })).uid;
}

function store(c: AuthContext): PublishTokenStore {
  return new PublishTokenStore(c.env.AUTH_DB, c.get("auth").now);
}

/** An empty body is a token without a name; anything else must be JSON {name?}. */
async function createBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON: {name?}.");
  }
}

/**
 * Publish tokens (document 1): create (plaintext returned once), list the caller's active ones,
 * revoke. All with the user's ID token as `Authorization: Bearer`. Creating is rate-limited per
 * user (429 `rate_limited`), and a user holds at most MAX_ACTIVE_PUBLISH_TOKENS active ones (409
 * `too_many_publish_tokens`).
 */
export const publishTokenRoutes = new Hono<AuthEnv>()
  .post("/api/publish-tokens", async (c) => {
    const uid = await issuer(c);
    const { name } = parseOrThrow(createRequest, await createBody(c.req.raw));
    await requireFinishedSignUp(c.get("auth").signUps, uid);
    await creations(c.env, callerKey(uid, c.req.raw));
    const created = await store(c).create(uid, name ?? null);
    if (!created) {
      throw new ApiError(
        409,
        "too_many_publish_tokens",
        `You have ${MAX_ACTIVE_PUBLISH_TOKENS} active publish tokens, the most one account may hold: revoke one you no longer use first.`,
      );
    }
    const { token, summary } = created;
    c.header("cache-control", "no-store");
    return c.json({ ...summary, token }, 201);
  })
  .get("/api/publish-tokens", async (c) => {
    const uid = await issuer(c);
    c.header("cache-control", "no-store");
    return c.json({ tokens: await store(c).listActive(uid) });
  })
  .delete("/api/publish-tokens/:id", async (c) => {
    const uid = await issuer(c);
    const { id } = parseOrThrow(tokenId, c.req.param());
    if (!(await store(c).revoke(uid, id))) {
      throw new ApiError(404, "publish_token_not_found", "You have no active publish token with this id.");
    }
    return c.body(null, 204);
  });
