import type { EvtName } from "../../auth-log/auth-log";

// A social sign-in leaves the login page for the provider's site, which sends the browser back to
// the environment's one return address ({AUTH_URL}/login/callback). The login page's context waits
// in this tab's sessionStorage meanwhile, never in a URL: the page it was (its query: client,
// target, PKCE challenge, prompt, language), the provider's sessionId and the boxes already ticked.
// The return page adds the address the provider came back to, and sends the tab to that login page.

const RETURN_KEY = "login.social.return";

/** One social sign-in of this tab, from the button press to the login page that finishes it. */
export interface SocialAttempt {
  /** The provider's attempt (createAuthUri's sessionId), which signInWithIdp names. */
  sessionId: string;
  /** The document boxes ticked before leaving. */
  consented: string[];
  name: EvtName;
  /** The login page that started it, query included: where the tab goes back to. */
  loginPage: string;
  /** The return address with the provider's answer (code and state): signInWithIdp's requestUri. */
  requestUri?: string;
}

export function saveSocialAttempt(attempt: SocialAttempt): void {
  sessionStorage.setItem(RETURN_KEY, JSON.stringify(attempt));
}

/** This tab's social sign-in, or null (none, or not ours). */
export function socialAttempt(): SocialAttempt | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? "null") as Partial<SocialAttempt> | null;
    if (!saved || typeof saved.loginPage !== "string" || typeof saved.sessionId !== "string") return null;
    return {
      sessionId: saved.sessionId,
      consented: Array.isArray(saved.consented) ? saved.consented.map(String) : [],
      name: (typeof saved.name === "string" ? saved.name : "unknown") as EvtName,
      loginPage: saved.loginPage,
      ...(typeof saved.requestUri === "string" ? { requestUri: saved.requestUri } : {}),
    };
  } catch {
    return null;
  }
}

export function forgetSocialAttempt(): void {
  sessionStorage.removeItem(RETURN_KEY);
}

/** The provider's answer is in this query: OAuth 2 (code, state, error) or X's OAuth 1 (oauth_token). */
export function carriesProviderAnswer(search: string): boolean {
  return /[?&](code|state|error|oauth_token)=/.test(search);
}

/** The login page to go back to: only {AUTH_URL}/login itself, with its query; null otherwise. */
export function loginPageToReturnTo(attempt: SocialAttempt, loginUrl: string): string | null {
  return attempt.loginPage === loginUrl || attempt.loginPage.startsWith(`${loginUrl}?`) ? attempt.loginPage : null;
}
