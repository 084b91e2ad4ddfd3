import type { Context } from "hono";
import { urlFor } from "../../src/base-url";
import type { AppEnv } from "./app-env";

/**
 * For a page that gets the user's ID token like any web client: the /login URL that sends the
 * browser straight back to `pageUrl` with a custom token (at once when an SSO session exists),
 * and the headers such a page needs: no caching, a CSP whose only outside connection is the
 * identity provider (where the page trades the custom token), no framing, no referrer.
 */
export function prepareSignedInPage<E extends AppEnv>(c: Context<E>, clientId: string, pageUrl: string): string {
  const config = c.get("config");
  const login = new URL(urlFor(config.apps.auth, "/login"));
  login.searchParams.set("client_id", clientId);
  login.searchParams.set("redirect_uri", pageUrl);
  c.header("cache-control", "no-store");
  c.header(
    "content-security-policy",
    [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self' ${new URL(config.idp.apiUrl).origin}`,
      "form-action 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  c.header("referrer-policy", "no-referrer");
  c.header("x-content-type-options", "nosniff");
  return login.href;
}
