import { SignJWT } from "jose";
import { idTokenIssuer } from "../../src/idp/id-token";
import type { DevSigningKey } from "./signing-key";
import type { DevUser } from "./user-store";

export const ID_TOKEN_LIFETIME_SECONDS = 3600;

export interface MintRequest {
  user: DevUser;
  projectId: string;
  signInProvider: string;
  /** When the user signed in (kept across refreshes), seconds since the epoch. */
  authTime: number;
  /** Developer claims of the session's custom token. */
  sessionClaims: Record<string, unknown>;
  now: number;
}

/** An RS256 ID token shaped like the provider's: standard claims, firebase.*, then custom claims. */
export function mintIdToken(key: DevSigningKey, request: MintRequest): Promise<string> {
  const { user, projectId, now } = request;
  const identities: Record<string, string[]> = {};
  if (user.email) identities.email = [user.email];
  if (user.phoneNumber) identities.phone = [user.phoneNumber];
  const payload: Record<string, unknown> = {
    ...user.customClaims,
    ...request.sessionClaims,
    auth_time: request.authTime,
    user_id: user.uid,
    firebase: { identities, sign_in_provider: request.signInProvider },
  };
  if (user.email) {
    payload.email = user.email;
    payload.email_verified = user.emailVerified;
  }
  if (user.phoneNumber) payload.phone_number = user.phoneNumber;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .setIssuer(idTokenIssuer(projectId))
    .setAudience(projectId)
    .setSubject(user.uid)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_LIFETIME_SECONDS)
    .sign(key.privateKey);
}
