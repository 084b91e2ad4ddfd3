// Shared by the pages that sign in like a web client (src/worker-kit/pages/signed-in-page.ts): the
// publish-token page, the product-order page and the game lobby. Each app serves this file
// beside its own page scripts (src/worker-kit/pages/page-assets.ts), which import it as a module.

/**
 * The user's ID token, kept by the caller in memory only. The page's URL carries the custom
 * token /login sent it back with (document 1, authentication 6): it is removed from the address
 * bar at once and traded at the identity provider. Without one, the browser goes to /login
 * (straight back when an SSO session exists) and this resolves to null.
 *
 * @param {{ idpApiUrl: string, idpApiKey: string, loginUrl: string }} config
 * @returns {Promise<string | null>}
 */
export async function signIn(config) {
  const url = new URL(location.href);
  const customToken = url.searchParams.get("idpAuthCustomToken");
  if (!customToken) {
    signInAgain(config);
    return null;
  }
  // The custom token is single-purpose; it must not stay in the address bar or history.
  url.searchParams.delete("idpAuthCustomToken");
  history.replaceState(null, "", url.pathname + url.search);
  const endpoint = `${config.idpApiUrl}/v1/accounts:signInWithCustomToken?key=${encodeURIComponent(config.idpApiKey)}`;
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error("Sign-in failed; reload the page to try again.");
  return (await response.json()).idToken;
}

/** Sends the browser through /login again (an expired ID token; the SSO session answers at once). */
export function signInAgain(config) {
  location.replace(config.loginUrl);
}
