import type { AccountState } from "./identity-provider";

/** Why a sign-in no longer stands at the provider. */
export type Revocation = "account_not_found" | "account_disabled" | "signed_in_before_revocation";

/**
 * Whether a sign-in at `authTime` (seconds since the epoch: an ID token's `auth_time`, or when a
 * session signed in) still stands by the account's state, as the provider's admin SDK decides it
 * for `verifyIdToken(token, checkRevoked)`: revoked when the account is gone or disabled, or when
 * the sign-in is older than the account's tokens-valid-after time. Both are whole seconds, so a
 * sign-in in the very second of a revoke still stands (the provider's own resolution).
 */
export function revocationOf(authTime: number, state: AccountState | null): Revocation | null {
  if (state === null) return "account_not_found";
  if (state.disabled) return "account_disabled";
  if (state.validSince !== null && authTime < state.validSince) return "signed_in_before_revocation";
  return null;
}
