import type { DevUser } from "./user-store";

/** An account as the provider's lookup answers it (the contract's UserInfo; never the password hash). */
export function userInfo(user: DevUser): Record<string, unknown> {
  return {
    localId: user.uid,
    ...(user.email ? { email: user.email, emailVerified: user.emailVerified } : {}),
    ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
    ...(Object.keys(user.customClaims).length > 0 ? { customAttributes: JSON.stringify(user.customClaims) } : {}),
    providerUserInfo: providerUserInfo(user),
    createdAt: String(user.createdAt),
    ...(user.tokensValidAfter !== undefined ? { validSince: String(user.tokensValidAfter) } : {}),
    ...(user.disabled ? { disabled: true } : {}),
  };
}

/** The sign-in methods of an account, as accounts:lookup and accounts:update answer them. */
export function providerUserInfo(user: DevUser): { providerId: string; email?: string; phoneNumber?: string }[] {
  return [
    ...(user.passwordHash && user.email ? [{ providerId: "password", email: user.email }] : []),
    ...(user.phoneNumber ? [{ providerId: "phone", phoneNumber: user.phoneNumber }] : []),
    ...(user.socialProviders ?? []).map((providerId) => ({ providerId })),
  ];
}
