import type { Context } from "hono";
import { identityProviderFor } from "../../src/idp";
import { verifiedOrThrow } from "../auth/errors";
import type { AppEnv } from "../shared/app-env";
import { ApiError } from "../shared/errors";

/**
 * The user id (uid) of the request's `Authorization: Bearer <ID token>`, verified by the identity
 * provider adapter with no check skipped. 401 `unauthenticated` without a bearer token,
 * `invalid_id_token` for a refused one. (Stands in for the backend's authentication middleware.)
 */
export async function signedInUserId(c: Context<AppEnv>): Promise<string> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) throw new ApiError(401, "unauthenticated", "Sign in first: send Authorization: Bearer <ID token>");
  const idp = identityProviderFor(c.env, c.get("config"));
  return (await verifiedOrThrow(idp.verifyIdToken(match[1]))).uid;
}
