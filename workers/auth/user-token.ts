import type { VerifiedIdToken } from "../../src/idp/identity-provider";
import { ApiError } from "../shared/errors";
import type { AuthContext } from "./auth-env";
import { verifiedOrThrow } from "./errors";

/**
 * The user behind an ID token, for every route of the sign-in service that acts for a user:
 * verified completely by the provider, and never a publish-token ID token (document 1,
 * authentication 9a: those act only on the backend's publishing routes). `action` completes the
 * refusal sentence: "A publish-token ID token cannot <action>."
 */
export async function verifiedUser(c: AuthContext, idToken: string, action: string): Promise<VerifiedIdToken> {
  const token = await verifiedOrThrow(c.get("auth").idp.verifyIdToken(idToken));
  if (token.publishToken) {
    throw new ApiError(403, "publish_token_not_allowed", `A publish-token ID token cannot ${action}.`);
  }
  return token;
}

const BEARER = /^Bearer\s+(\S{1,8192})$/i;

/** The ID token of `Authorization: Bearer <token>`, or 401 when there is none. */
export function bearerIdToken(c: AuthContext): string {
  const match = BEARER.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) {
    throw new ApiError(401, "missing_id_token", "Send the user's ID token as Authorization: Bearer <ID token>.");
  }
  return match[1];
}
