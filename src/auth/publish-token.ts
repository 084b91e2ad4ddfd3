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
