import type { SignedInPageConfig } from "../../../src/page-configs/signed-in";
import { exchangeCustomToken } from "../../sign-in/custom-token";

/**
 * The user's ID token, kept by the caller in memory only. The page's URL carries the custom
 * token /login sent it back with (document 1, authentication 6): it is removed from the address
 * bar at once and traded at the identity provider. Without one, the browser goes to /login
 * (straight back when an SSO session exists) and this resolves to null.
 */
export async function signIn(config: SignedInPageConfig): Promise<string | null> {
  const url = new URL(location.href);
  const customToken = url.searchParams.get("idpAuthCustomToken");
  if (!customToken) {
    signInAgain(config);
    return null;
  }
  // The custom token is single-purpose; it must not stay in the address bar or history.
  url.searchParams.delete("idpAuthCustomToken");
  history.replaceState(null, "", url.pathname + url.search);
  const signedIn = await exchangeCustomToken({ apiUrl: config.idpApiUrl, apiKey: config.idpApiKey }, customToken);
  if (!signedIn) throw new Error("Sign-in failed; reload the page to try again.");
  return signedIn.idToken;
}

/** Sends the browser through /login again (an expired ID token; the SSO session answers at once). */
export function signInAgain(config: SignedInPageConfig): void {
  location.replace(config.loginUrl);
}
