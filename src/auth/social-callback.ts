import { type BaseUrl, urlFor } from "../base-url";

/**
 * Where every social provider sends the browser back (document 1's login page, social sign-in):
 * one fixed address per environment, `{AUTH_URL}/login/callback`, which an operator registers as
 * the OAuth redirect URI of each provider's app. The login's own context (client, target, PKCE,
 * the provider's sessionId) waits in the tab's sessionStorage, never in this address.
 */
export const SOCIAL_CALLBACK_PATH = "/login/callback";

export function socialCallbackUrl(authBase: BaseUrl): string {
  return urlFor(authBase, SOCIAL_CALLBACK_PATH);
}
