import { errors, jwtVerify, SignJWT } from "jose";
import type { IdpConfig } from "../../src/config/idp";
import { ADMIN_SCOPE } from "../../src/idp/admin-token";
import { publicKeyOf } from "./custom-token-check";
import { unauthenticated } from "./provider-error";
import type { DevSigningKey } from "./signing-key";

/** Google's access tokens last an hour; it answers 3599 s. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3599;
/** Google refuses an assertion that lives longer than an hour. */
const MAX_ASSERTION_LIFETIME_SECONDS = 3600;
/** What the dev IdP's access tokens are for: its own admin calls, nothing else. */
const ACCESS_TOKEN_AUDIENCE = "dev-idp-admin";

/** A refusal of Google's OAuth 2.0 token endpoint: HTTP 400 {error, error_description}. */
export class OAuthRefusal extends Error {
  constructor(
    readonly error: "invalid_request" | "unsupported_grant_type" | "invalid_grant" | "invalid_scope",
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthRefusal";
  }
}

/**
 * Checks a service-account assertion as Google's token endpoint does (RFC 7523): RS256 by the
 * service account the dev IdP knows (iss its email), `aud` the endpoint it was sent to, at most an
 * hour long and not expired, asking for the scope of the admin calls. Answers the account's email.
 */
export async function checkAssertion(assertion: string, config: IdpConfig, endpoint: string): Promise<string> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(assertion, await publicKeyOf(config.serviceAccount), {
      algorithms: ["RS256"],
      issuer: config.serviceAccount.clientEmail,
      audience: endpoint,
      requiredClaims: ["iat", "exp"],
      clockTolerance: 60,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new OAuthRefusal(
        "invalid_grant",
        "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.",
      );
    if (error instanceof errors.JWTClaimValidationFailed)
      throw new OAuthRefusal("invalid_grant", `Invalid JWT: ${error.claim} claim is not valid.`);
    throw new OAuthRefusal("invalid_grant", "Invalid JWT Signature.");
  }
  const { iat, exp, scope } = payload;
  if (typeof iat === "number" && typeof exp === "number" && exp - iat > MAX_ASSERTION_LIFETIME_SECONDS) {
    throw new OAuthRefusal(
      "invalid_grant",
      "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.",
    );
  }
  if (typeof scope !== "string" || !scope.split(" ").includes(ADMIN_SCOPE)) {
    throw new OAuthRefusal("invalid_scope", "Invalid OAuth scope or ID token audience provided.");
  }
  return config.serviceAccount.clientEmail;
}

/** An access token of the dev IdP's admin calls: signed with its own key, so it needs no storage. */
export function mintAccessToken(key: DevSigningKey, clientEmail: string, now: number): Promise<string> {
  return new SignJWT({ scope: ADMIN_SCOPE })
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(clientEmail)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

/**
 * The service account behind `Authorization: Bearer <access token>` of an admin call, or Google's
 * refusal of a request without a valid OAuth 2.0 credential (HTTP 401 UNAUTHENTICATED).
 */
export async function requireAdminCredential(
  header: string | undefined,
  key: DevSigningKey,
  config: IdpConfig,
): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!token) throw unauthenticated();
  try {
    await jwtVerify(token, key.publicKey, {
      algorithms: ["RS256"],
      audience: ACCESS_TOKEN_AUDIENCE,
      subject: config.serviceAccount.clientEmail,
      typ: "at+jwt",
    });
  } catch {
    throw unauthenticated();
  }
}
