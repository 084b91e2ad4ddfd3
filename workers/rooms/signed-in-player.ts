import { createMiddleware } from "hono/factory";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { bearerIdToken, signedInUser } from "../../src/worker-kit/verify-id-token";
import type { RoomsEnv } from "./rooms-ports";

/** Hono environment of a route behind `signedInPlayer`: the uid of the signed-in user. */
export interface PlayerEnv extends RoomsEnv {
  Variables: RoomsEnv["Variables"] & { uid: string };
}

/**
 * The user behind `Authorization: Bearer <ID token>`, verified by the identity provider: 401
 * `missing_id_token` / `invalid_id_token` without a valid one, 403 `publish_token_not_allowed`
 * for a publish-token ID token (it publishes, it does not play), 503 `idp_unavailable`.
 */
export const signedInPlayer = createMiddleware<PlayerEnv>(async (c, next) => {
  const idp = identityProviderFor(c.env, c.get("config"));
  const { uid } = await signedInUser(idp, bearerIdToken(c), "take a seat");
  c.set("uid", uid);
  await next();
});
