import type { IdentityToolkitCalls } from "../../src/idp/identity-toolkit-types";

/** The identity provider's web endpoint and key, as the pages get them (public: apps ship the key). */
export interface IdpEndpoint {
  apiUrl: string;
  apiKey: string;
}

/** What `accounts:signInWithCustomToken` answers (the tokens the browser keeps). */
export interface CustomTokenSignIn {
  idToken: string;
  refreshToken: string;
  /** Seconds, as a string. */
  expiresIn: string;
}

type Exchange = IdentityToolkitCalls["signInWithCustomToken"];

/** The exchange's request body, typed by the provider's contract. */
export function customTokenRequest(customToken: string): Exchange["request"] {
  return { token: customToken, returnSecureToken: true };
}

/**
 * Trades a custom token of the sign-in service (document 1, authentication 6) for the user's
 * tokens at the identity provider. null when the provider refuses it.
 */
export async function exchangeCustomToken(idp: IdpEndpoint, customToken: string): Promise<CustomTokenSignIn | null> {
  const response = await fetch(
    `${idp.apiUrl}/v1/accounts:signInWithCustomToken?key=${encodeURIComponent(idp.apiKey)}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(customTokenRequest(customToken)),
    },
  );
  if (!response.ok) return null;
  const { idToken, refreshToken, expiresIn } = (await response.json()) as Exchange["response"];
  if (!idToken || !refreshToken || !expiresIn) return null;
  return { idToken, refreshToken, expiresIn };
}
