import { randomToken, sha256Hex } from "./crypto";

/**
 * Publish tokens (document 1): long-lived secrets an automation job exchanges for short-lived ID
 * tokens of the issuer. The plaintext is a recognisable prefix (so secret scanners and people
 * can tell what leaked) and 32 random bytes, base64url: 256 bits of entropy.
 */
export const PUBLISH_TOKEN_PREFIX = "sgpt_";

const WELL_FORMED = /^sgpt_[A-Za-z0-9_-]{43}$/;

/** A new plaintext token; shown to its issuer once and never stored. */
export function newPublishToken(): string {
  return `${PUBLISH_TOKEN_PREFIX}${randomToken()}`;
}

/** Whether a string has the shape of a publish token (checked before any lookup). */
export function isWellFormedPublishToken(value: string): boolean {
  return WELL_FORMED.test(value);
}

/** What AUTH_DB keeps of a token: its SHA-256, lower-case hex. */
export function publishTokenHash(plaintext: string): Promise<string> {
  return sha256Hex(plaintext);
}

/** Name, if given: what the author calls the token in the list. */
export const PUBLISH_TOKEN_NAME_MAX = 100;

/**
 * Active (not revoked) publish tokens one account may hold: one per machine or CI that publishes,
 * with room to spare. A new one past it is refused until one is revoked.
 */
export const MAX_ACTIVE_PUBLISH_TOKENS = 20;

/**
 * The provider-side uid a publish token's ID tokens name (its principal): one throw-away account
 * per token, never the issuer's, so nothing done with such an ID token at the identity provider
 * (linking a sign-in method, changing email or password) touches the issuer's account. The
 * platform maps it to the issuer on the publishing routes only, while the token is active.
 */
export const PUBLISH_PRINCIPAL_PREFIX = "publish:";

/** Custom claims of a publish principal's custom token (well under the provider's 1000 bytes). */
export interface PublishPrincipalClaims {
  publish_token: true;
  /** The issuer's uid, for the document database's rules (document 1, authentication 9e). */
  issuer_uid: string;
}

export function publishPrincipalUid(tokenId: string): string {
  return `${PUBLISH_PRINCIPAL_PREFIX}${tokenId}`;
}

/** Whether a uid is a publish principal: never an ordinary user anywhere on the platform. */
export function isPublishPrincipalUid(uid: string): boolean {
  return uid.startsWith(PUBLISH_PRINCIPAL_PREFIX);
}

/** The publish token id behind a principal uid, or null for any other uid. */
export function publishTokenIdOfPrincipal(uid: string): string | null {
  return isPublishPrincipalUid(uid) ? uid.slice(PUBLISH_PRINCIPAL_PREFIX.length) : null;
}
