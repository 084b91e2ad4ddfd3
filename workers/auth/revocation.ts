import {
  type AccountState,
  type IdentityProvider,
  IdpError,
  type VerifiedIdToken,
} from "../../src/idp/identity-provider";
import { type Revocation, revocationOf } from "../../src/idp/revocation";
import { ApiError } from "../../src/worker-kit/errors";
import { currentLog } from "../../src/worker-kit/request-log";
import { PublishTokenStore } from "./publish-token-store";

/**
 * The provider's revocation, where the sign-in service does something an attacker holding a stolen
 * ID token or session would want: start a session (callback, hand-over, link grant), make a
 * publish token or exchange one, manage sessions, publish. Each check is one lookup of the account
 * at the provider's admin API (docs/decisions/0124-revocation-is-honoured-a-publish-principal.md, "Revocation is honoured"); nothing is cached, so
 * a password change or a sign-out everywhere counts from the next request on.
 */

/** The account's state at the provider; its outage is 503 `idp_unavailable` (nothing is decided without it). */
export async function accountStateOf(idp: IdentityProvider, uid: string): Promise<AccountState | null> {
  try {
    return await idp.accountState(uid);
  } catch (error) {
    throw unavailable(error, "account lookup");
  }
}

/**
 * Whether a sign-in at `authTime` (seconds) of uid still stands at the provider, where a code
 * issued for it is redeemed (an authorization code, a transfer code, a link grant): each hands out
 * a custom token, whose new session would outlive a revoke that came in between.
 */
export async function signInStands(idp: IdentityProvider, uid: string, authTime: number): Promise<boolean> {
  return revocationOf(authTime, await accountStateOf(idp, uid)) === null;
}

const REVOKED_BECAUSE: Record<Revocation, string> = {
  account_not_found: "its account no longer exists",
  account_disabled: "its account is disabled",
  signed_in_before_revocation: "its sign-in is older than the account's last password change or sign-out everywhere",
};

/**
 * 401 `id_token_revoked` when the ID token's sign-in no longer stands at the provider (the admin
 * SDK's verifyIdToken with checkRevoked); else the account's state, which also revokes the
 * account's publish tokens made before its tokens-valid-after time (document 1 keeps their rows).
 */
export async function requireUnrevoked(
  idp: IdentityProvider,
  database: D1Database,
  token: VerifiedIdToken,
  now: () => number,
): Promise<AccountState> {
  const state = await accountStateOf(idp, token.uid);
  const revocation = revocationOf(token.authTime, state);
  if (revocation || state === null) {
    const because = REVOKED_BECAUSE[revocation ?? "account_not_found"];
    throw new ApiError(401, "id_token_revoked", `This ID token was revoked: ${because}. Sign in again.`);
  }
  await revokePublishTokensBefore(database, now, token.uid, state);
  return state;
}

/**
 * Revokes the issuer's active publish tokens made before its tokens-valid-after time (every one
 * when the account is gone); answers how many.
 */
export async function revokePublishTokensBefore(
  database: D1Database,
  now: () => number,
  uid: string,
  state: AccountState | null,
): Promise<number> {
  const cutoffMs =
    state === null ? Number.POSITIVE_INFINITY : state.validSince === null ? null : state.validSince * 1000;
  if (cutoffMs === null) return 0;
  return new PublishTokenStore(database, now).revokeCreatedBefore(uid, cutoffMs);
}

/**
 * Ends every session of the account at the provider from `now` on (tokens-valid-after): its ID
 * tokens stop passing the checks above, its refresh tokens stop working, and its publish tokens are
 * revoked. The platform's sign-out everywhere.
 */
export async function revokeAtProvider(
  idp: IdentityProvider,
  database: D1Database,
  now: () => number,
  uid: string,
): Promise<void> {
  const validSince = Math.floor(now() / 1000);
  try {
    await idp.revokeSessions(uid, validSince);
  } catch (error) {
    throw unavailable(error, "revoke");
  }
  await revokePublishTokensBefore(database, now, uid, { validSince, disabled: false });
}

function unavailable(error: unknown, call: string): ApiError {
  if (!(error instanceof IdpError)) throw error;
  currentLog().error(`identity provider ${call} failed`, { code: error.code, error: error.message });
  return new ApiError(
    503,
    "idp_unavailable",
    "The identity provider could not be reached to check the account. Please try again.",
  );
}
