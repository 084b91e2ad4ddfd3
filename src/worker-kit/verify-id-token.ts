import type { Context } from "hono";
import { isPublishPrincipalUid } from "../auth/publish-token";
import { type IdentityProvider, IdTokenError, type VerifiedIdToken } from "../idp/identity-provider";
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
 * Whom a verified ID token stands for on this platform. This is the one place that decides it;
 * every app's authentication goes through here.
 * - `user`: an ordinary signed-in user.
 * - `publish`: minted for a publish token (document 1, authentication 9). Its uid is a publish
 *   principal (`publish:<token id>`), whatever its claims say: an ID token of a session the
 *   principal obtained otherwise (a social identity linked to it at the provider) lacks
 *   `publish_token` and is no user either. Or it carries `publish_token: true` with another uid
 *   (an old token: docs/decisions/0077-a-publish-tokens-id-tokens-name-a-principal-of.md): `principal` is then null and it acts for nobody.
 */
export type IdTokenSubject =
  | { kind: "user"; token: VerifiedIdToken }
  | { kind: "publish"; token: VerifiedIdToken; principal: string | null };

/** Verifies an ID token completely (refusals mapped as `verifiedOrThrow` does) and says whom it stands for. */
export async function verifiedSubject(idp: IdentityProvider, idToken: string): Promise<IdTokenSubject> {
  const token = await verifiedOrThrow(idp.verifyIdToken(idToken));
  if (isPublishPrincipalUid(token.uid)) return { kind: "publish", token, principal: token.uid };
  if (token.publishToken) return { kind: "publish", token, principal: null };
  return { kind: "user", token };
}

/**
 * The refusal of a publish-token ID token where a signed-in user must act, the same in every app:
 * 403 `publish_token_not_allowed` (document 1, authentication 9a answers 403 on token management;
 * such a token acts only on the backend's publishing routes). `action` completes the sentence:
 * "A publish-token ID token cannot <action>."
 */
export function publishTokenNotAllowed(action: string): ApiError {
  return new ApiError(403, "publish_token_not_allowed", `A publish-token ID token cannot ${action}.`);
}

/**
 * The person behind an ID token, where a signed-in user must act: verified completely by the
 * provider, and never a publish-token ID token (`publishTokenNotAllowed`).
 */
export async function signedInUser(idp: IdentityProvider, idToken: string, action: string): Promise<VerifiedIdToken> {
  const subject = await verifiedSubject(idp, idToken);
  if (subject.kind === "publish") throw publishTokenNotAllowed(action);
  return subject.token;
}

/** RFC 6750 section 2.1 (the scheme's case is free, RFC 9110 section 11.1); at most 8 KiB of token. */
const BEARER = /^Bearer\s+(\S{1,8192})$/i;

/**
 * The token of an `Authorization: Bearer <token>` header; null when the header is missing or not
 * of that form. The one parser of the platform: each caller decides what a missing token means.
 */
export function bearerToken(header: string | undefined): string | null {
  return BEARER.exec(header ?? "")?.[1] ?? null;
}

/** The refusal of a request without an ID token where a user must act, the same in every app. */
export function missingIdToken(): ApiError {
  return new ApiError(401, "missing_id_token", "Send the user's ID token as Authorization: Bearer <ID token>.");
}

/** The ID token of `Authorization: Bearer <token>`, or 401 `missing_id_token` when there is none. */
export function bearerIdToken(c: Context): string {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw missingIdToken();
  return token;
}
