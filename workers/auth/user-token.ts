import type { VerifiedIdToken } from "../../src/idp/identity-provider";
import { ApiError } from "../../src/worker-kit/errors";
import { signedInUser } from "../../src/worker-kit/verify-id-token";
import type { AuthContext } from "./auth-env";
import { requireUnrevoked } from "./revocation";
import { requireFinishedSignUp } from "./sign-up";

/** How recent an ID token must be where it buys a browser session or a link grant (docs/decisions/0059-sign-in-hardening.md). */
export const FRESH_ID_TOKEN_SECONDS = 5 * 60;

export interface UserTokenRules {
  /**
   * Refuse a token issued (`iat`) longer ago than this, 401 `stale_id_token`: a token that
   * leaked from a log or a backend is worth an hour; one that buys a session must be minutes old,
   * so apps force-refresh it right before they call.
   */
  maxAgeSeconds?: number;
  /**
   * Ask the provider whether the token's sign-in was revoked since (a password change, a sign-out
   * everywhere, a disabled account): 401 `id_token_revoked`. One account lookup at the provider;
   * every route that starts a session, makes or trades a credential or manages sessions asks.
   */
  checkRevoked?: boolean;
}

/**
 * The user behind an ID token, for every route of the sign-in service that acts for a user:
 * verified completely by the provider, and never a publish-token ID token (document 1,
 * authentication 9a: those act only on the backend's publishing routes). `action` completes the
 * refusal sentence: "A publish-token ID token cannot <action>."
 */
export async function verifiedUser(
  c: AuthContext,
  idToken: string,
  action: string,
  rules: UserTokenRules = {},
): Promise<VerifiedIdToken> {
  const { idp, now } = c.get("auth");
  const token = await signedInUser(idp, idToken, action);
  if (rules.maxAgeSeconds !== undefined && now() / 1000 - token.issuedAt > rules.maxAgeSeconds) {
    throw new ApiError(
      401,
      "stale_id_token",
      `To ${action}, the ID token must be issued within the last ${rules.maxAgeSeconds / 60} minutes: force-refresh it (getIdToken(true)) and call again.`,
    );
  }
  if (rules.checkRevoked) await requireUnrevoked(idp, c.env.AUTH_DB, token, now);
  return token;
}

/**
 * The user behind an ID token where it buys a browser session (the hand-over) or a link grant:
 * issued within FRESH_ID_TOKEN_SECONDS, not revoked at the provider, and of an account whose
 * sign-up is finished (an unfinished one finishes on the login page first, 403 `sign_up_incomplete`).
 */
export async function freshFinishedUser(c: AuthContext, idToken: string, action: string): Promise<VerifiedIdToken> {
  const token = await verifiedUser(c, idToken, action, { maxAgeSeconds: FRESH_ID_TOKEN_SECONDS, checkRevoked: true });
  await requireFinishedSignUp(c.get("auth").signUps, token.uid);
  return token;
}
