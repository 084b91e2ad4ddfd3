import { SignJWT } from "jose";
import type { ServiceAccount } from "../config/idp";
import { IdpError } from "./identity-provider";
import { ServiceAccountKey } from "./service-account-key";

/** Audience of every custom token: the provider's token-exchange service. */
export const CUSTOM_TOKEN_AUDIENCE =
  "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit";
export const CUSTOM_TOKEN_LIFETIME_SECONDS = 3600;
export const MAX_UID_LENGTH = 128;
/** The provider's limit on developer claims, measured as their JSON. */
export const MAX_CUSTOM_CLAIMS_BYTES = 1000;

/** Claim names the provider reserves for itself; a developer claim may not use them. */
const RESERVED_CLAIMS = new Set([
  "acr",
  "amr",
  "at_hash",
  "aud",
  "auth_time",
  "azp",
  "cnf",
  "c_hash",
  "exp",
  "firebase",
  "iat",
  "iss",
  "jti",
  "nbf",
  "nonce",
  "sub",
]);

/** Throws IdpError when a uid or claims set would be refused by the provider. */
export function checkCustomTokenInput(uid: string, claims: Record<string, unknown> | undefined): void {
  if (uid.length === 0 || uid.length > MAX_UID_LENGTH) {
    throw new IdpError("uid_invalid", `A uid must be 1 to ${MAX_UID_LENGTH} characters (got ${uid.length}).`);
  }
  if (!claims) return;
  const reserved = Object.keys(claims).filter((name) => RESERVED_CLAIMS.has(name));
  if (reserved.length > 0) {
    throw new IdpError("claims_reserved", `Custom claims may not use the reserved names: ${reserved.join(", ")}.`);
  }
  const bytes = new TextEncoder().encode(JSON.stringify(claims)).length;
  if (bytes > MAX_CUSTOM_CLAIMS_BYTES) {
    throw new IdpError(
      "claims_too_large",
      `Custom claims are ${bytes} bytes as JSON; the limit is ${MAX_CUSTOM_CLAIMS_BYTES}.`,
    );
  }
}

/** Signs custom tokens with one service account; imports its private key once. */
export class CustomTokenSigner {
  private readonly key: ServiceAccountKey;
  private readonly now: () => number;

  constructor(
    serviceAccount: ServiceAccount,
    now: () => number = () => Math.floor(Date.now() / 1000),
    key: ServiceAccountKey = new ServiceAccountKey(serviceAccount),
  ) {
    this.key = key;
    this.now = now;
  }

  async sign(uid: string, claims?: Record<string, unknown>): Promise<string> {
    checkCustomTokenInput(uid, claims);
    const iat = this.now();
    const payload: Record<string, unknown> = { uid };
    if (claims && Object.keys(claims).length > 0) payload.claims = claims;
    const { clientEmail } = this.key.serviceAccount;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(clientEmail)
      .setSubject(clientEmail)
      .setAudience(CUSTOM_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CUSTOM_TOKEN_LIFETIME_SECONDS)
      .sign(await this.key.privateKey());
  }
}
