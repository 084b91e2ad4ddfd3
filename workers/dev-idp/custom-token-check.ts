import { errors, exportJWK, importJWK, importPKCS8, jwtVerify } from "jose";
import type { ServiceAccount } from "../../src/config/idp";
import { CUSTOM_TOKEN_AUDIENCE, checkCustomTokenInput, MAX_UID_LENGTH } from "../../src/idp/custom-token";
import { IdpError } from "../../src/idp/identity-provider";
import { ProviderError } from "./provider-error";

export interface CheckedCustomToken {
  uid: string;
  claims: Record<string, unknown>;
}

const publicKeys = new WeakMap<ServiceAccount, Promise<CryptoKey>>();

/** The service account's public key, derived from its private key as the provider holds it. */
export function publicKeyOf(serviceAccount: ServiceAccount): Promise<CryptoKey> {
  let key = publicKeys.get(serviceAccount);
  if (!key) {
    key = (async () => {
      const privateKey = await importPKCS8(serviceAccount.privateKey, "RS256", { extractable: true });
      const { kty, n, e } = await exportJWK(privateKey);
      const publicKey = await importJWK({ kty, n, e }, "RS256");
      if (!(publicKey instanceof CryptoKey)) throw new Error("not an RSA key");
      return publicKey;
    })();
    publicKeys.set(serviceAccount, key);
  }
  return key;
}

/**
 * Checks a custom token the way the provider does before it signs the user in: RS256 signature
 * by the service account, iss = sub = its email, the Identity Toolkit audience, not expired, at
 * most an hour long, a uid of 1 to 128 characters, developer claims within the provider's limits.
 */
export async function checkCustomToken(token: string, serviceAccount: ServiceAccount): Promise<CheckedCustomToken> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await publicKeyOf(serviceAccount), {
      algorithms: ["RS256"],
      issuer: serviceAccount.clientEmail,
      subject: serviceAccount.clientEmail,
      audience: CUSTOM_TOKEN_AUDIENCE,
      requiredClaims: ["iat", "exp"],
      clockTolerance: 60,
    }));
  } catch (error) {
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === "aud") {
      throw new ProviderError("CREDENTIAL_MISMATCH", "The custom token corresponds to a different audience.");
    }
    if (error instanceof errors.JWTExpired)
      throw new ProviderError("INVALID_CUSTOM_TOKEN", "The custom token has expired.");
    throw new ProviderError(
      "INVALID_CUSTOM_TOKEN",
      "The custom token format is incorrect or its signature is invalid.",
    );
  }
  const { uid, claims, iat, exp } = payload;
  if (typeof iat === "number" && typeof exp === "number" && exp - iat > 3600) {
    throw new ProviderError("INVALID_CUSTOM_TOKEN", "The custom token's lifetime exceeds one hour.");
  }
  if (typeof uid !== "string" || uid.length === 0 || uid.length > MAX_UID_LENGTH) {
    throw new ProviderError(
      "INVALID_CUSTOM_TOKEN",
      `The custom token's uid must be 1 to ${MAX_UID_LENGTH} characters.`,
    );
  }
  if (claims !== undefined && (typeof claims !== "object" || claims === null || Array.isArray(claims))) {
    throw new ProviderError("INVALID_CUSTOM_TOKEN", "The custom token's claims must be an object.");
  }
  const developerClaims = (claims ?? {}) as Record<string, unknown>;
  try {
    checkCustomTokenInput(uid, developerClaims);
  } catch (error) {
    if (error instanceof IdpError) throw new ProviderError("INVALID_CUSTOM_TOKEN", error.message);
    throw error;
  }
  return { uid, claims: developerClaims };
}
