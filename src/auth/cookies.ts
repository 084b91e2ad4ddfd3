import type { BaseUrl } from "../base-url";

export interface CookieAttributes {
  path: string;
  /** The Domain attribute, or null for a host-only cookie. */
  domain: string | null;
  secure: boolean;
  httpOnly: true;
  /** Lax for the sign-in service's cookies (document 1); Strict where a cookie is never needed on a link from another site. */
  sameSite: "Lax" | "Strict";
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a cookie for this origin can do without Secure: loopback only (document 1: Secure except localhost). */
export function isLocalOrigin(origin: string): boolean {
  return LOCAL_HOSTS.has(new URL(origin).hostname);
}

/**
 * Attributes of the auth app's cookies (document 1, Authentication 3): HttpOnly, SameSite=Lax,
 * Secure except on localhost, Path = the app's base path. Host-only unless `domain` is given:
 * only auth_session takes one (sessionCookieAttributes); the page-binding cookies stay on the
 * host that served the page.
 */
export function cookieAttributes(authBase: BaseUrl, domain: string | null = null): CookieAttributes {
  return {
    path: authBase.path || "/",
    domain,
    secure: !isLocalOrigin(authBase.origin),
    httpOnly: true,
    sameSite: "Lax",
  };
}

/**
 * auth_session's attributes: Domain is AUTH_DOMAIN, the auth host of the environment (document 1,
 * Authentication 3), so the product hosts (store.example.com, ...) never receive it; empty
 * AUTH_DOMAIN (dev on localhost) gives a host-only cookie. A Domain cookie also reaches the
 * subdomains of the auth host: prd's (auth.example.com) reaches stg.auth.example.com, where its
 * value, which names its environment (prd.<random>), is never looked up (session-cookie.ts).
 */
export function sessionCookieAttributes(authBase: BaseUrl, authDomain: string | null): CookieAttributes {
  return cookieAttributes(authBase, authDomain);
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
  if (attributes.domain !== null) parts.push(`Domain=${attributes.domain}`);
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
