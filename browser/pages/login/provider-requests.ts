import type { IdentityToolkitCalls } from "../../../src/idp/identity-toolkit-types";

// The bodies the login page sends to the identity provider, each typed by the provider's contract
// (src/idp/identity-toolkit-types.ts): tsc refuses a field the contract lacks or a missing required
// one, and test/unit/idp-contract.test.ts validates each against the contract's JSON Schema.

/** The `accounts:<method>` calls of the identity provider's REST API a page may make. */
export type AccountsMethod = Exclude<keyof IdentityToolkitCalls, "token" | "recaptchaParams">;
/** A call's request body and its answer, as the provider's contract types them. */
export type ProviderRequest<M extends AccountsMethod> = IdentityToolkitCalls[M]["request"];
export type ProviderAnswer<M extends AccountsMethod> = IdentityToolkitCalls[M]["response"];

export function passwordSignIn(email: string, password: string): ProviderRequest<"signInWithPassword"> {
  return { email, password, returnSecureToken: true };
}

/** The provider sends a code to a web client only with a solved reCAPTCHA. */
export function phoneCodeRequest(phoneNumber: string, recaptchaToken: string): ProviderRequest<"sendVerificationCode"> {
  return { phoneNumber, recaptchaToken };
}

export function phoneSignIn(sessionInfo: string, code: string): ProviderRequest<"signInWithPhoneNumber"> {
  return { sessionInfo, code };
}

export function socialStart(providerId: string, continueUri: string): ProviderRequest<"createAuthUri"> {
  return { providerId, continueUri };
}

/** Back from the social site; with `linkTo` (an ID token) the identity joins that account. */
export function socialSignIn(
  requestUri: string,
  sessionId: string,
  linkTo: string | null,
): ProviderRequest<"signInWithIdp"> {
  return {
    requestUri,
    sessionId,
    returnSecureToken: true,
    returnIdpCredential: true,
    ...(linkTo ? { idToken: linkTo } : {}),
  };
}

export function customTokenSignIn(token: string): ProviderRequest<"signInWithCustomToken"> {
  return { token, returnSecureToken: true };
}

export function accountDeletion(idToken: string): ProviderRequest<"delete"> {
  return { idToken };
}
