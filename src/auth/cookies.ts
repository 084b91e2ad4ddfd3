import type { BaseUrl } from "../base-url";

export interface CookieAttributes {
  path: string;
  secure: boolean;
  httpOnly: true;
  sameSite: "Lax";
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Attributes of the auth app's cookies (document 1, Authentication 3): HttpOnly, SameSite=Lax,
 * Secure except on localhost, Path = the app's base path, and no Domain: a host-only cookie of
 * the auth host (AUTH_DOMAIN). Any Domain attribute would also send it to every subdomain, and
 * the staging host stg.auth.example.com is a subdomain of production's auth.example.com.
 */
export function cookieAttributes(authBase: BaseUrl): CookieAttributes {
  const { hostname } = new URL(authBase.origin);
  return {
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

/** Every value of a cookie name in a Cookie header, in order (a browser may send two of one name). */
export function readCookies(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index >= 0 && pair.slice(0, index).trim() === name) values.push(pair.slice(index + 1).trim());
  }
  return values;
}
