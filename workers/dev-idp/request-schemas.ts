import { z } from "zod";
import type { IdentityToolkitCalls } from "../../src/idp/identity-toolkit-types";

/**
 * What the dev IdP takes of each call: fields of the identity provider's contract only
 * (src/idp/identity-toolkit-types.ts; test/workers/dev-idp-contract.test.ts and
 * test/unit/idp-contract-types.test.ts check), by their JSON names. Any other field is refused as
 * Google's JSON parser refuses an unknown name, so a client that sends one fails here first. Every
 * field is optional to the parser: each route answers the provider's MISSING_* code itself.
 */
export const DEV_IDP_REQUESTS = {
  signInWithCustomToken: z.strictObject({ token: z.string(), returnSecureToken: z.boolean() }).partial(),
  signInWithPassword: z
    .strictObject({ email: z.string(), password: z.string(), returnSecureToken: z.boolean() })
    .partial(),
  signUp: z.strictObject({ email: z.string(), password: z.string(), returnSecureToken: z.boolean() }).partial(),
  sendVerificationCode: z.strictObject({ phoneNumber: z.string(), recaptchaToken: z.string() }).partial(),
  signInWithPhoneNumber: z.strictObject({ sessionInfo: z.string(), code: z.string() }).partial(),
  createAuthUri: z.strictObject({ providerId: z.string(), continueUri: z.string() }).partial(),
  signInWithIdp: z
    .strictObject({
      requestUri: z.string(),
      sessionId: z.string(),
      idToken: z.string(),
      returnSecureToken: z.boolean(),
      returnIdpCredential: z.boolean(),
    })
    .partial(),
  lookup: z.strictObject({ idToken: z.string() }).partial(),
  update: z
    .strictObject({ idToken: z.string(), email: z.string(), password: z.string(), returnSecureToken: z.boolean() })
    .partial(),
  delete: z.strictObject({ idToken: z.string() }).partial(),
  token: z.strictObject({ grantType: z.string(), refreshToken: z.string() }).partial(),
  // The admin SDK's calls (a Google OAuth 2.0 credential instead of the API key).
  adminLookup: z.strictObject({ localId: z.array(z.string()), email: z.array(z.string()) }).partial(),
  adminUpdate: z.strictObject({ localId: z.string(), validSince: z.string(), disableUser: z.boolean() }).partial(),
} satisfies Partial<Record<keyof IdentityToolkitCalls, z.ZodType>>;

export type DevIdpCall = keyof typeof DEV_IDP_REQUESTS;
