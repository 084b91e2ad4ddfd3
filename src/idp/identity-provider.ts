import { CodedError } from "../coded-error";

/**
 * The identity provider as the sign-in service sees it. Replaceable (DESIGN.md "Identity
 * provider"): Firebase Authentication in stg/prd, workers/dev-idp in dev and tests.
 */

/** The checked content of an ID token; every field comes from a verified signature. */
export interface VerifiedIdToken {
  uid: string;
  /** Every claim of the token, standard and custom. */
  claims: Record<string, unknown>;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  authTime: number;
  /** firebase.sign_in_provider: "password", "phone", "custom", "google.com", ... */
  signInProvider: string | null;
  /** Custom claim admin === true. */
  admin: boolean;
  email: string | null;
  emailVerified: boolean;
  /** Custom claim publish_token === true: minted by a publish-token exchange (document 1). */
  publishToken: boolean;
}

/** What the provider's sign-in REST calls return. */
export interface IdTokenSession {
  idToken: string;
  refreshToken: string;
  /** Seconds until idToken expires. */
  expiresIn: number;
}

/**
 * What the provider's admin API says of an account, for revocation checks (the admin SDK's
 * `getUser`: `tokensValidAfterTime` and `disabled`).
 */
export interface AccountState {
  /**
   * The account's tokens-valid-after time (`validSince`), seconds since the epoch: sessions signed
   * in before it are revoked. The provider sets it on a change of password or email and on an
   * admin's revoke; null when it never did.
   */
  validSince: number | null;
  disabled: boolean;
}

/**
 * An account as the provider's admin API describes it (the admin SDK's `getUser`, `getUserByEmail`):
 * what an operator looks at. Never a password hash or a credential.
 */
export interface AccountProfile extends AccountState {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  /** The sign-in methods linked to the account (providerUserInfo[].providerId): "password", "phone", "google.com", ... */
  providers: string[];
  /** Milliseconds since the epoch; null when the provider does not say. */
  createdAt: number | null;
  lastSignInAt: number | null;
  /** Custom claims set with the admin tools (`admin: true` makes an operator). */
  customClaims: Record<string, unknown>;
}

/** Which account to look up: by uid, or by email address. */
export type AccountLookup = { uid: string } | { email: string };

export interface IdentityProvider {
  /** A custom token (RS256, service-account key) the provider exchanges for an ID token. Throws IdpError. */
  createCustomToken(uid: string, claims?: Record<string, unknown>): Promise<string>;
  /** Verifies an ID token completely. Throws IdTokenError (code + message). */
  verifyIdToken(idToken: string): Promise<VerifiedIdToken>;
  /** Exchanges a custom token at the provider. Throws IdpError. */
  signInWithCustomToken(customToken: string): Promise<IdTokenSession>;
  /**
   * The account's revocation state, by uid, through the provider's admin API (a Google OAuth 2.0
   * credential of the service account); null when there is no such account. One request to the
   * provider per call (plus one for a new access token about once an hour). Throws IdpError.
   */
  accountState(uid: string): Promise<AccountState | null>;
  /**
   * Sets the account's tokens-valid-after time (the admin SDK's `revokeRefreshTokens`): every
   * session signed in before `validSince` (seconds) ends, refresh tokens included. An account
   * that does not exist has nothing to revoke. Throws IdpError.
   */
  revokeSessions(uid: string, validSince: number): Promise<void>;
  /**
   * The account by uid or by email through the provider's admin API; null when there is none. One
   * request to the provider per call. Throws IdpError.
   */
  account(lookup: AccountLookup): Promise<AccountProfile | null>;
}

/** Why an ID token was refused; the code is stable, the message says which check failed. */
export type IdTokenErrorCode =
  | "id_token_malformed"
  | "id_token_algorithm"
  | "id_token_key_unknown"
  | "id_token_signature"
  | "id_token_issuer"
  | "id_token_audience"
  | "id_token_subject"
  | "id_token_expired"
  | "id_token_not_yet_valid"
  | "id_token_keys_unavailable";

export class IdTokenError extends CodedError<IdTokenErrorCode> {
  override name = "IdTokenError";
}

/** A refused request to or for the provider (bad uid, claims too large, provider said no). */
export type IdpErrorCode =
  | "uid_invalid"
  | "claims_too_large"
  | "claims_reserved"
  | "custom_token_rejected"
  | "service_account_invalid"
  | "admin_call_refused"
  | "provider_unavailable";

export class IdpError extends CodedError<IdpErrorCode> {
  override name = "IdpError";
  /** The provider's own error message (e.g. "INVALID_CUSTOM_TOKEN"), when it sent one. */
  readonly providerMessage: string | undefined;

  constructor(code: IdpErrorCode, message: string, providerMessage?: string) {
    super(code, message);
    this.providerMessage = providerMessage;
  }
}
