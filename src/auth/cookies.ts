import type { BaseUrl } from "../base-url";

export interface CookieAttributes {
  domain: string | null;
  path: string;
  secure: boolean;
  httpOnly: true;
  sameSite: "Lax";
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Attributes of the auth app's cookies (document 1, Authentication 3): HttpOnly, SameSite=Lax,
 * Secure except on localhost, Domain from AUTH_DOMAIN (null: host-only), Path = the app's base path.
 */
export function cookieAttributes(authBase: BaseUrl, cookieDomain: string | null): CookieAttributes {
  const { hostname } = new URL(authBase.origin);
  return {
    domain: cookieDomain,
    path: authBase.path || "/",
    secure: !LOCAL_HOSTS.has(hostname),
    httpOnly: true,
    sameSite: "Lax",
  };
}

/** A Set-Cookie header value; maxAgeSeconds 0 deletes the cookie, null makes it end with the browser session. */
export function serializeCookie(
  name: string,
  value: string,
  attributes: CookieAttributes,
  maxAgeSeconds: number | null,
): string {
  const parts = [`${name}=${value}`];
  if (maxAgeSeconds !== null) parts.push(`Max-Age=${maxAgeSeconds}`);
  parts.push(`Path=${attributes.path}`);
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.secure) parts.push("Secure");
  parts.push("HttpOnly", `SameSite=${attributes.sameSite}`);
  return parts.join("; ");
}

/** The value of one cookie from a Cookie request header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0) continue;
    if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return null;
}
