import { withQuery } from "../../src/auth/redirect-uri";
import type { AuthContext } from "./auth-env";

export interface SignInTarget {
  redirectUri: URL;
  /** Set for PKCE clients: the app gets an authorization code instead of a custom token. */
  codeChallenge: string | null;
}

/**
 * Where the browser goes once uid is signed in (at `authTime`, seconds): the redirect target with
 * a custom token (web SSO), or with an authorization code bound to the PKCE challenge (apps).
 */
export async function signedInRedirect(
  c: AuthContext,
  uid: string,
  target: SignInTarget,
  authTime: number,
): Promise<string> {
  const { codes, idp } = c.get("auth");
  if (target.codeChallenge) {
    const code = await codes.issue("authorization_code", { uid, codeChallenge: target.codeChallenge, authTime });
    return withQuery(target.redirectUri, { code });
  }
  const customToken = await idp.createCustomToken(uid);
  return withQuery(target.redirectUri, { idpAuthCustomToken: customToken });
}
