import type { Context } from "hono";
import { type IdentityProvider, IdTokenError, type VerifiedIdToken } from "../../src/idp/identity-provider";
import { ApiError } from "./errors";
import { currentLog } from "./request-log";

/**
 * Verifies through the provider, mapping its refusals: a token it refuses is 401 with the
 * adapter's stable code in the message; keys that could not be fetched are the provider's
 * outage, not the client's fault, so 503 (the client may retry the same request).
 */
export async function verifiedOrThrow<T>(verify: Promise<T>): Promise<T> {
  try {
    return await verify;
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    if (error.code === "id_token_keys_unavailable") {
      currentLog().error("identity provider keys unavailable", { error: error.message });
      throw new ApiError(
        503,
        "idp_unavailable",
        "The identity provider could not be reached to check the ID token. Please try again.",
      );
    }
    throw new ApiError(401, "invalid_id_token", `${error.code}: ${error.message}`);
  }
}

/**
 * The person behind an ID token, where a signed-in user must act: verified completely by the
 * provider, and never a publish-token ID token (document 1, authentication 9a: those act only on
 * the backend's publishing routes), which is 403 `publish_token_not_allowed`. `action` completes
 * the refusal sentence: "A publish-token ID token cannot <action>."
 */
export async function signedInUser(idp: IdentityProvider, idToken: string, action: string): Promise<VerifiedIdToken> {
  const token = await verifiedOrThrow(idp.verifyIdToken(idToken));
  if (token.publishToken) {
    throw new ApiError(403, "publish_token_not_allowed", `A publish-token ID token cannot ${action}.`);
  }
  return token;
}

const BEARER = /^Bearer\s+(\S{1,8192})$/i;

/** The ID token of `Authorization: Bearer <token>`, or 401 `missing_id_token` when there is none. */
export function bearerIdToken(c: Context): string {
  const match = BEARER.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) {
    throw new ApiError(401, "missing_id_token", "Send the user's ID token as Authorization: Bearer <ID token>.");
  }
  return match[1];
}
