import { compactVerify, decodeProtectedHeader } from "jose";
import { MAX_UID_LENGTH } from "./custom-token";
import { IdTokenError, type VerifiedIdToken } from "./identity-provider";

/** Clock skew we forgive between the provider and this Worker, for iat and auth_time and exp. */
export const CLOCK_TOLERANCE_SECONDS = 60;

export function idTokenIssuer(projectId: string): string {
  return `https://securetoken.google.com/${projectId}`;
}

export interface IdTokenCheck {
  projectId: string;
  /** The RS256 public key for a kid; throws IdTokenError("id_token_key_unknown"). */
  keyFor(kid: string): Promise<CryptoKey>;
  /** Seconds since the epoch. */
  now(): number;
}

/**
 * Verifies an ID token the way the provider's admin library does, with no check skipped in any
 * environment: RS256 only, kid from the provider's key set, signature, issuer, audience, subject,
 * expiry, issue and auth time. Throws IdTokenError naming the first failed check.
 */
export async function verifyIdToken(idToken: string, check: IdTokenCheck): Promise<VerifiedIdToken> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
  } catch {
    throw new IdTokenError("id_token_malformed", "The ID token is not a signed JWT.");
  }
  if (idToken.split(".").length !== 3)
    throw new IdTokenError("id_token_malformed", "The ID token is not a signed JWT.");
  if (header.alg !== "RS256") {
    throw new IdTokenError("id_token_algorithm", `ID tokens must be signed with RS256, not ${String(header.alg)}.`);
  }
  if (typeof header.kid !== "string" || header.kid === "") {
    throw new IdTokenError("id_token_key_unknown", "The ID token names no signing key (kid).");
  }
  const key = await check.keyFor(header.kid);

  let payloadBytes: Uint8Array;
  try {
    ({ payload: payloadBytes } = await compactVerify(idToken, key, { algorithms: ["RS256"] }));
  } catch {
    throw new IdTokenError("id_token_signature", "The ID token's signature is not valid.");
  }
  let claims: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payloadBytes));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    claims = parsed as Record<string, unknown>;
  } catch {
    throw new IdTokenError("id_token_malformed", "The ID token's payload is not a JSON object.");
  }
  return checkClaims(claims, check);
}

function checkClaims(claims: Record<string, unknown>, check: IdTokenCheck): VerifiedIdToken {
  const issuer = idTokenIssuer(check.projectId);
  if (claims.iss !== issuer) {
    throw new IdTokenError("id_token_issuer", `The ID token's issuer must be ${issuer}.`);
  }
  const audienceOk = Array.isArray(claims.aud) ? claims.aud.includes(check.projectId) : claims.aud === check.projectId;
  if (!audienceOk) throw new IdTokenError("id_token_audience", `The ID token's audience must be ${check.projectId}.`);
  const sub = claims.sub;
  if (typeof sub !== "string" || sub.length === 0 || sub.length > MAX_UID_LENGTH) {
    throw new IdTokenError("id_token_subject", `The ID token's subject must be 1 to ${MAX_UID_LENGTH} characters.`);
  }
  const now = check.now();
  const exp = numericDate(claims, "exp");
  const iat = numericDate(claims, "iat");
  const authTime = numericDate(claims, "auth_time");
  if (exp <= now - CLOCK_TOLERANCE_SECONDS) throw new IdTokenError("id_token_expired", "The ID token has expired.");
  if (iat > now + CLOCK_TOLERANCE_SECONDS) {
    throw new IdTokenError("id_token_not_yet_valid", "The ID token's issue time (iat) is in the future.");
  }
  if (authTime > now + CLOCK_TOLERANCE_SECONDS) {
    throw new IdTokenError("id_token_not_yet_valid", "The ID token's auth_time is in the future.");
  }

  const firebase = isRecord(claims.firebase) ? claims.firebase : {};
  return {
    uid: sub,
    claims,
    issuedAt: iat,
    expiresAt: exp,
    authTime,
    signInProvider: typeof firebase.sign_in_provider === "string" ? firebase.sign_in_provider : null,
    admin: claims.admin === true,
    email: typeof claims.email === "string" ? claims.email : null,
    emailVerified: claims.email_verified === true,
    publishToken: claims.publish_token === true,
  };
}

function numericDate(claims: Record<string, unknown>, name: "exp" | "iat" | "auth_time"): number {
  const value = claims[name];
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new IdTokenError("id_token_malformed", `The ID token has no numeric ${name}.`);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
